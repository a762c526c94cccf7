#!/usr/bin/python3
"""scripts/stereocl-compare and docs/bench-schema.json on hand-written fixtures (tests/fixtures)."""
import copy
import importlib.machinery
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import unittest

import jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "tests", "fixtures")
COMPARE = os.path.join(ROOT, "scripts", "stereocl-compare")
SCHEMA = os.path.join(ROOT, "docs", "bench-schema.json")


def compare(*arguments, cwd=FIXTURES):
    return subprocess.run(["/usr/bin/python3", COMPARE, *arguments], cwd=cwd, capture_output=True, text=True, timeout=120)


def fixture(name):
    with open(os.path.join(FIXTURES, name), encoding="utf-8") as file:
        return json.load(file)


class CompareTable(unittest.TestCase):
    def test_table_of_two_fixtures_matches_line_by_line(self):
        result = compare("bench-a.json", "bench-b.json")
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(os.path.join(FIXTURES, "compare-a-b.md"), encoding="utf-8") as file:
            expected = file.read().splitlines()
        got = result.stdout.splitlines()
        for number, (want, have) in enumerate(zip(expected, got), 1):
            self.assertEqual(have, want, f"line {number}")
        self.assertEqual(len(got), len(expected))

    def test_ratios_are_to_the_first_file(self):
        lines = compare("bench-b.json", "bench-a.json").stdout.splitlines()
        self.assertIn("| scene | fps | 50.0 | 1000.0 (20×) |", lines)
        self.assertIn("| cpu | frame ms (median) | 50.000 | 10.000 (0.2×) |", lines)

    def test_refuses_another_schema_version_in_one_line(self):
        with tempfile.TemporaryDirectory() as directory:
            future = fixture("bench-a.json")
            future["schema_version"] = 7
            path = os.path.join(directory, "future.json")
            with open(path, "w", encoding="utf-8") as file:
                json.dump(future, file)
            result = compare("bench-a.json", path)
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stdout, "")
        self.assertEqual(len(result.stderr.strip().splitlines()), 1, result.stderr)
        self.assertIn("future.json: schema_version 7", result.stderr)

    def test_refuses_a_file_that_is_not_a_result(self):
        result = compare(SCHEMA)
        self.assertEqual(result.returncode, 2)
        self.assertIn("not a stereocl --bench --json result", result.stderr)

    def test_reads_the_unversioned_format_as_schema_0(self):
        result = compare(os.path.join(ROOT, "docs", "bench-h100-1080p.json"), "bench-a.json")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("| gpu/fence | fps | 759.5 | 800.0 (1.05×) |", result.stdout)
        self.assertIn("| scene | frame ms (p95) | 0.913 | 1.100 (1.2×) |", result.stdout)
        self.assertIn("| gpu/implicit | fps | – | 750.0 (–) |", result.stdout)

    def test_plot_and_html(self):
        with tempfile.TemporaryDirectory() as directory:
            png, page = os.path.join(directory, "chart.png"), os.path.join(directory, "page.html")
            result = compare("bench-a.json", "bench-b.json", "--plot", png, "--html", page)
            self.assertEqual(result.returncode, 0, result.stderr)
            with open(png, "rb") as file:
                self.assertEqual(file.read(8), b"\x89PNG\r\n\x1a\n")
            with open(page, encoding="utf-8") as file:
                text = file.read()
        self.assertIn("<table>", text)
        self.assertIn("data:image/png;base64,iVBOR", text)
        self.assertIn("<td>gpu/fence</td>", text)

    # Every H100 file has GPU (external memory) rows; the script once knew only four modes and
    # stopped on them. Its hand-over is split out in the chart like GPU mode's.
    def test_gpu_extmem_rows_compare_and_chart(self):
        extmem = fixture("bench-a.json")
        row = copy.deepcopy(extmem["modes"][2])
        row.update({"mode": "gpu-extmem", "label": "gpu-extmem", "interop_sync": None, "fps": 1200.0})
        extmem["modes"].append(row)
        with tempfile.TemporaryDirectory() as directory:
            path, png = os.path.join(directory, "extmem.json"), os.path.join(directory, "chart.png")
            with open(path, "w", encoding="utf-8") as file:
                json.dump(extmem, file)
            result = compare(path, "bench-b.json", "--plot", png)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertTrue(os.path.getsize(png) > 0)
        self.assertIn("| gpu-extmem | fps | 1200.0 | – |", result.stdout)
        self.assertLess(result.stdout.index("| gpu/implicit | fps"), result.stdout.index("| gpu-extmem | fps"))

    def test_hand_over_floors_compare_or_say_why_not(self):
        lines = compare("bench-b.json", "bench-a.json").stdout.splitlines()
        self.assertIn("| gpu-extmem | hand-over floor ms (no work) | 0.125 | skipped: Vulkan: no Vulkan device exports "
                      "opaque fds |", lines)
        self.assertIn("| gpu/fence | hand-over floor ms (no work) | skipped: no sharing | 0.500 (–) |", lines)
        older = fixture("bench-a.json")
        del older["handover_floors"]
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "older.json")
            with open(path, "w", encoding="utf-8") as file:
                json.dump(older, file)
            result = compare(path, "bench-b.json")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("| gpu-extmem | hand-over floor ms (no work) | – | 0.125 (–) |", result.stdout)

    def test_the_chart_splits_a_hand_over_at_the_floor_the_bench_paired_it_with(self):
        loader = importlib.machinery.SourceFileLoader("stereocl_compare", COMPARE)
        script = importlib.util.module_from_spec(importlib.util.spec_from_loader(loader.name, loader))
        loader.exec_module(script)
        result = fixture("bench-a.json")
        fence = result["modes"][2]
        self.assertEqual(fence["label"], "gpu/fence")
        self.assertEqual(script.floor_for(result, fence), 0.5)
        self.assertEqual(script.floor_for(result, dict(fence, handover_floor="gpu/implicit")), 0.25)  # its name, not its mode
        unpaired = {key: value for key, value in fence.items() if key != "handover_floor"}
        self.assertIsNone(script.floor_for(result, unpaired))  # older files; frames of several or no hand-overs
        self.assertIsNone(script.floor_for(fixture("bench-b.json"), fence))  # skipped there
        parts = dict(script.frame_segments(fence, 0.5))
        idle = fence["frame_ms"]["median"] - sum(fence["stages_ms"][s] for s in ("render", "stereogram", "effects", "compose"))
        self.assertAlmostEqual(parts["GL↔CL hand-over: the driver's floor"], 0.5)
        self.assertAlmostEqual(parts["GL↔CL hand-over: above the floor"], idle - 0.5)
        self.assertAlmostEqual(sum(parts.values()), fence["frame_ms"]["median"])


class BenchSchema(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with open(SCHEMA, encoding="utf-8") as file:
            cls.schema = json.load(file)
        jsonschema.Draft202012Validator.check_schema(cls.schema)

    def test_fixtures_are_valid(self):
        for name in ("bench-a.json", "bench-b.json"):
            jsonschema.validate(fixture(name), self.schema)

    def test_a_missing_field_fails(self):
        def without(path):
            data = copy.deepcopy(fixture("bench-a.json"))
            *parents, last = path
            node = data
            for key in parents:
                node = node[key]
            del node[last]
            return data

        for path in (("gl",), ("schema_version",), ("modes", 0, "frame_ms", "p95"), ("modes", 2, "stages_ms", "transfer"),
                     ("opencl", "platforms", 0, "devices", 0, "driver_version"), ("parameters", "repeat")):
            with self.subTest(path=path), self.assertRaises(jsonschema.ValidationError):
                jsonschema.validate(without(path), self.schema)

    def test_another_schema_version_fails(self):
        data = fixture("bench-a.json")
        data["schema_version"] = 2
        with self.assertRaises(jsonschema.ValidationError):
            jsonschema.validate(data, self.schema)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v"])
