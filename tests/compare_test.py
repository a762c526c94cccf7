#!/usr/bin/python3
"""scripts/stereocl-compare and docs/bench-schema.json on hand-written fixtures (tests/fixtures), the
real results (docs/results), malformed files of every kind the tool has met, and mutated real files."""
import contextlib
import copy
import errno
import functools
import glob
import importlib.machinery
import importlib.util
import io
import json
import os
import random
import stat
import subprocess
import sys
import tempfile
import time
import traceback
import unittest
from unittest import mock

import jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "tests", "fixtures")
COMPARE = os.path.join(ROOT, "scripts", "stereocl-compare")
# The build's schema (the tables' names filled in: bench/bench_schema.hpp), which ctest names; the
# template in docs/ alone where the test runs outside a build.
TEMPLATE = os.path.join(ROOT, "docs", "bench-schema.json")
SCHEMA = os.environ.get("STEREOCL_BENCH_SCHEMA") or TEMPLATE
RESULTS = os.path.join(ROOT, "docs", "results")
# Every result file in the tree: the fuzz mutates these, and each must still compare.
REAL_FILES = sorted(glob.glob(os.path.join(RESULTS, "*.json"))) + [os.path.join(ROOT, "docs", "bench-h100-1080p.json")]


def compare_process(*arguments, cwd=FIXTURES):
    """The tool as a user runs it, in a process of its own: where a traceback or an exit would show."""
    return subprocess.run(["/usr/bin/python3", COMPARE, *arguments], cwd=cwd, capture_output=True, text=True, timeout=120)


def compare(*arguments, cwd=FIXTURES):
    """main() in this process, from cwd: a process a call cost about half a second of CPU (Python
    and matplotlib starting), 27 calls in all. compare_process() keeps the real process checked."""
    with contextlib.chdir(cwd):
        return compare_in_process(*arguments)


def fixture(name):
    with open(os.path.join(FIXTURES, name), encoding="utf-8") as file:
        return json.load(file)


def fixture_with_extmem_row(fps):
    """bench-a.json with a GPU (external memory) row added, made from its third row."""
    result = fixture("bench-a.json")
    row = copy.deepcopy(result["modes"][2])
    row.update({"mode": "gpu-extmem", "label": "gpu-extmem", "interop_sync": None, "fps": fps})
    result["modes"].append(row)
    return result


@functools.lru_cache(maxsize=None)
def script():
    """The tool as a module, to call its functions and main() without a process per call."""
    loader = importlib.machinery.SourceFileLoader("stereocl_compare", COMPARE)
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader(loader.name, loader))
    loader.exec_module(module)
    return module


def compare_in_process(*arguments):
    """main()'s (exit code, stdout, stderr); an exception escapes as it would into a traceback."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = script().main(list(arguments))
        except SystemExit as exit:  # argparse's refusals end the process with a code
            code = exit.code
    return subprocess.CompletedProcess(arguments, code, out.getvalue(), err.getvalue())


def write_file(directory, name, content):
    """content: bytes as they are, or data to write as JSON."""
    path = os.path.join(directory, name)
    with open(path, "wb") as file:
        file.write(content if isinstance(content, bytes) else json.dumps(content).encode("utf-8"))
    return path


class CompareTable(unittest.TestCase):
    def test_table_of_two_fixtures_matches_line_by_line(self):
        result = compare_process("bench-a.json", "bench-b.json")
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

    # Every bench file from a machine with external memory has GPU (external memory) rows; the
    # script once knew only four modes and stopped on them. Its hand-over is split out in the
    # chart like GPU mode's.
    def test_gpu_extmem_rows_compare_and_chart(self):
        extmem = fixture_with_extmem_row(1200.0)
        with tempfile.TemporaryDirectory() as directory:
            path, png = os.path.join(directory, "extmem.json"), os.path.join(directory, "chart.png")
            with open(path, "w", encoding="utf-8") as file:
                json.dump(extmem, file)
            result = compare(path, "bench-b.json", "--plot", png)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertTrue(os.path.getsize(png) > 0)
        self.assertIn("| gpu-extmem | fps | 1200.0 | – |", result.stdout)
        self.assertLess(result.stdout.index("| gpu/implicit | fps"), result.stdout.index("| gpu-extmem | fps"))

    # Rows follow the program's mode table as the file wrote it, not an order the script knows.
    def test_modes_sort_by_the_files_mode_table(self):
        newer = fixture_with_extmem_row(1300.0)
        order = ["scene", "cpu", "gpu-extmem", "cpu-readback", "gpu"]
        newer["mode_table"] = [{"mode": m, "display_name": m, "makes_stereogram": m != "scene", "can_pipeline": False,
                                "interop_choices": m == "gpu", "handover_floor": False} for m in order]
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "newer.json")
            with open(path, "w", encoding="utf-8") as file:
                json.dump(newer, file)
            result = compare(path, "bench-b.json")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertLess(result.stdout.index("| gpu-extmem | fps"), result.stdout.index("| gpu/implicit | fps"))
        self.assertLess(result.stdout.index("| cpu | fps"), result.stdout.index("| gpu-extmem | fps"))

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
        result = fixture("bench-a.json")
        fence = result["modes"][2]
        self.assertEqual(fence["label"], "gpu/fence")
        self.assertEqual(script().floor_for(result, fence), 0.5)
        self.assertEqual(script().floor_for(result, dict(fence, handover_floor="gpu/implicit")), 0.25)  # its name, not its mode
        unpaired = {key: value for key, value in fence.items() if key != "handover_floor"}
        self.assertIsNone(script().floor_for(result, unpaired))  # older files; frames of several or no hand-overs
        self.assertIsNone(script().floor_for(fixture("bench-b.json"), fence))  # skipped there
        parts = dict(script().frame_segments(fence, 0.5))
        idle = fence["frame_ms"]["median"] - sum(fence["stages_ms"][s] for s in ("render", "stereogram", "effects", "compose"))
        self.assertAlmostEqual(parts["GL↔CL hand-over: the driver's floor"], 0.5)
        self.assertAlmostEqual(parts["GL↔CL hand-over: above the floor"], idle - 0.5)
        self.assertAlmostEqual(sum(parts.values()), fence["frame_ms"]["median"])

    # docs/results/README.md's command wrote h100-vs-ci.md: every real file must still read the same.
    def test_the_real_results_compare_as_committed(self):
        result = compare("h100-1080p-floors.json", "ci-llvmpipe-pocl-1080p.json", cwd=RESULTS)
        self.assertEqual((result.returncode, result.stderr), (0, ""))
        with open(os.path.join(RESULTS, "h100-vs-ci.md"), encoding="utf-8") as file:
            self.assertEqual(result.stdout, file.read())
        for path in REAL_FILES:
            with self.subTest(path=os.path.basename(path)):
                self.assertEqual(compare_in_process(path, path).returncode, 0)

    # "On stage": 1920x1080 against 320x180 once compared without a word.
    def test_frames_in_flight_and_latency_rows_where_a_file_records_them(self):
        queued = fixture("bench-a.json")
        queued["parameters"]["frames_in_flight"] = 2
        for mode in queued["modes"]:
            mode["latency_ms"] = {"min": 1.0, "median": 1.5, "p95": 2.0, "max": 3.0}
        with tempfile.TemporaryDirectory() as directory:
            result = compare("bench-a.json", write_file(directory, "queued.json", queued))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("|  | frames in flight | 1 | 2 |", result.stdout)
        self.assertIn("| scene | latency ms (median) | – | 1.500 (–) |", result.stdout)
        self.assertNotIn("latency", compare("bench-a.json", "bench-b.json").stdout)

    def test_results_of_different_settings_compare_with_a_warning(self):
        small = fixture("bench-a.json")
        small["parameters"].update(size=[320, 180], effect="sobel")
        with tempfile.TemporaryDirectory() as directory:
            result = compare("bench-a.json", write_file(directory, "small.json", small))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("| scene | fps | 1000.0 | 1000.0 (1×) |", result.stdout)
        self.assertEqual(len(result.stderr.splitlines()), 1, result.stderr)
        self.assertIn("warning", result.stderr)
        self.assertIn("size 1920×1080 (bench-a.json), 320×180 (small.json)", result.stderr)
        self.assertIn("effect none (bench-a.json), sobel (small.json)", result.stderr)
        # 30 and 30.0, and a setting that one file did not record, are no difference.
        alike = fixture("bench-a.json")
        alike["parameters"]["max_offset"] = 30.0
        alike["parameters"]["depth_pass"] = "z-only"
        with tempfile.TemporaryDirectory() as directory:
            self.assertEqual(compare("bench-a.json", write_file(directory, "alike.json", alike)).stderr, "")


class MalformedInput(unittest.TestCase):
    """Each kind of bad file once ended in a traceback or a wrong table; now one line and exit 2."""

    def assert_refused(self, result, code=2, says=None):
        output = result.stdout + result.stderr
        self.assertNotIn("Traceback", output)
        self.assertEqual(result.returncode, code, output)
        if code == 2:
            self.assertEqual(result.stdout, "")
        lines = result.stderr.splitlines()
        self.assertEqual(len(lines), 1, result.stderr)
        self.assertTrue(lines[0].startswith("stereocl-compare: "), lines[0])
        if says:
            self.assertIn(says, lines[0])

    def refuse(self, content, name="bad.json", says=None, extra=()):
        """Compares bench-a.json with a file of this content (bytes, or data to write as JSON)."""
        with tempfile.TemporaryDirectory() as directory:
            result = compare("bench-a.json", write_file(directory, name, content), *extra)
        self.assert_refused(result, says=says or name)

    @staticmethod
    def bench_a_text():
        with open(os.path.join(FIXTURES, "bench-a.json"), encoding="utf-8") as file:
            return file.read()

    def test_a_truncated_file(self):
        # A GL renderer may well name itself with a ®: a copy cut short there is not even UTF-8.
        text = self.bench_a_text().replace("Card A/PCIe/SSE2", "Card® A/PCIe/SSE2").encode("utf-8")
        middle_of_the_r = text.index("®".encode("utf-8")) + 1
        for length in (0, 100, middle_of_the_r, len(text) - 2):
            with self.subTest(length=length):
                self.refuse(text[:length])

    def test_wrong_types(self):
        for key, value in (("modes", 7), ("modes", ["scene"]), ("gl", "Card A"), ("skipped", [{"label": 1}])):
            with self.subTest(key=key, value=value):
                self.refuse(dict(fixture("bench-a.json"), **{key: value}), says="not a schema_version 1 result")
        wrong_fps = fixture("bench-a.json")
        wrong_fps["modes"][0]["fps"] = "fast"
        self.refuse(wrong_fps, says="modes[0].fps: 'fast' is not of type 'number'")

    def test_missing_keys(self):
        for parents, key in ((("modes", 0), "label"), (("modes", 1, "frame_ms"), "median"),
                             (("handover_floors", 0), "label"), ((), "parameters")):
            data = fixture("bench-a.json")
            node = data
            for step in parents:
                node = node[step]
            del node[key]
            with self.subTest(key=parents + (key,)):
                self.refuse(data, says=f"'{key}' is a required property")
        with open(os.path.join(ROOT, "docs", "bench-h100-1080p.json"), encoding="utf-8") as file:
            older = json.load(file)
        del older["modes"][1]["stages_ms"]
        self.refuse(older, says="not a schema_version 0 result: modes[1]: 'stages_ms' is a required property")

    def test_invalid_utf8(self):
        text = self.bench_a_text().replace("Card A/PCIe", "Card \udcff/PCIe").encode("utf-8", "surrogateescape")
        self.refuse(text, says="not UTF-8 (byte 0xff at offset")

    def test_a_lone_surrogate_escape(self):
        self.refuse(self.bench_a_text().replace("Card A/PCIe", "Card \\ud800/PCIe").encode("utf-8"), says="surrogate")

    def test_5000_deep_nesting(self):
        self.refuse(("[" * 5000 + "]" * 5000).encode("ascii"), says="nested deeper than")
        # Shallow enough for json, deep enough to overflow the schema check's recursion.
        data = fixture("bench-a.json")
        data["stereocl"]["deep"] = json.loads("[" * 900 + "]" * 900)
        self.refuse(data, says="nested deeper than")

    def test_a_5001_digit_number(self):
        self.refuse(self.bench_a_text().replace('"fps": 1000.0', '"fps": 1' + "0" * 5000, 1).encode("ascii"),
                    says="a number of 5001 digits")

    def test_nan(self):
        self.refuse(self.bench_a_text().replace('"fps": 100.0', '"fps": NaN', 1).encode("ascii"), says="NaN")

    def test_infinity(self):
        for infinity in ("Infinity", "-Infinity", "1e400"):
            with self.subTest(infinity=infinity):
                self.refuse(self.bench_a_text().replace('"fps": 100.0', f'"fps": {infinity}', 1).encode("ascii"),
                            says=infinity)

    # Valid, finite, and far beyond any measurement: a ratio that overflows a double printed "inf×",
    # and the chart's axes filled stderr with numpy's overflow warnings.
    def test_numbers_beyond_any_measurement(self):
        tiny, huge = fixture("bench-a.json"), fixture("bench-a.json")
        tiny["modes"][0]["fps"] = 5e-324
        huge["modes"][0]["fps"] = 1e300
        huge["modes"][2]["stages_ms"]["render"] = 1.7e308
        with tempfile.TemporaryDirectory() as directory:
            tiny_path, huge_path = write_file(directory, "tiny.json", tiny), write_file(directory, "huge.json", huge)
            png = os.path.join(directory, "chart.png")
            result = compare(tiny_path, huge_path, "bench-b.json", "--plot", png)
            self.assertEqual((result.returncode, result.stderr), (0, ""))
            with open(png, "rb") as file:
                self.assertEqual(file.read(8), b"\x89PNG\r\n\x1a\n")
        self.assertRegex(result.stdout, r"\| scene \| fps \| 0\.0 \| 1[0-9]{300}\.0 \(–\) \| 50\.0 \(–\) \|")
        for text in ("inf", "nan"):
            self.assertNotIn(text, result.stdout.lower())

    def test_a_schema_violation(self):
        for key, value, says in (("effect", "rainbow", "parameters.effect: 'rainbow' is not one of"),
                                 ("size", [1920, 0], "parameters.size[1]: 0 is less than the minimum of 1"),
                                 ("size", [1920], "parameters.size: [1920] is too short")):
            data = fixture("bench-a.json")
            data["parameters"][key] = value
            with self.subTest(key=key, value=value):
                self.refuse(data, says=says)
        data = fixture("bench-a.json")
        data["timestamp_utc"] = "x" * 100000
        self.refuse(data, says="timestamp_utc: 'xxx")

    # Once 51 s of matplotlib, then a failure on the image's size.
    def test_3000_modes_with_plot(self):
        data = fixture("bench-a.json")
        data["modes"] = [copy.deepcopy(data["modes"][i % 4]) for i in range(3000)]
        with tempfile.TemporaryDirectory() as directory:
            start = time.monotonic()
            result = compare("bench-a.json", write_file(directory, "many.json", data),
                             "--plot", os.path.join(directory, "chart.png"))
            self.assertLess(time.monotonic() - start, 20)
            self.assertEqual(os.listdir(directory), ["many.json"])
        self.assert_refused(result, says="many.json: modes: two entries for scene")

    def test_more_files_or_modes_than_a_chart_shows(self):
        files = ["bench-a.json"] * 17
        self.assertEqual(compare(*files).returncode, 0)  # the table has no such bound
        with tempfile.TemporaryDirectory() as directory:
            result = compare(*files, "--html", os.path.join(directory, "page.html"))
            self.assertEqual(os.listdir(directory), [])
        self.assert_refused(result, says="--html: 17 files: a chart shows 16 at most")
        # The schema allows 60 labels today; a later one may allow more than a chart can show.
        many = [{"modes": [{"label": f"gpu/variant-{i}"} for i in range(65)]}]
        with self.assertRaisesRegex(script().CompareError, "65 modes: a chart shows 64 at most"):
            script().check_chart_size(many, "--plot")

    # Every label the schema allows (60), from 16 machines, once drew for 15 s: 960 rows of 7 pixels,
    # a figure at its height cap whose names ran into each other.
    def test_more_bars_than_a_chart_shows(self):
        data = fixture("bench-a.json")
        rows = {row["mode"]: row for row in data["modes"]}
        data["modes"] = [dict(copy.deepcopy(rows.get(mode, rows["gpu"])), mode=mode, label=mode + sync + variant)
                         for mode in ("scene", "cpu", "cpu-readback", "gpu", "gpu-extmem")
                         for sync in ("", "/finish", "/fence", "/implicit") for variant in ("", "/steps", "/pipeline")]
        with tempfile.TemporaryDirectory() as directory:
            every_label = write_file(directory, "every-label.json", data)
            files = [every_label] + [os.path.join(FIXTURES, name) for name in ("bench-a.json", "bench-b.json")]
            self.assertEqual(compare(*files).returncode, 0)  # the table has no such bound
            out = os.path.join(directory, "out")
            os.mkdir(out)
            start = time.monotonic()
            result = compare(*files, "--plot", os.path.join(out, "chart.png"), "--html", os.path.join(out, "page.html"))
            self.assertLess(time.monotonic() - start, 20)
            self.assertEqual(os.listdir(out), [])
        self.assert_refused(result, says="--plot and --html: 3 files × 60 modes = 180 bars")
        self.assertIn("a chart shows 120 at most", result.stderr)
        # At the bound it draws, in a figure under its height cap.
        check = script().check_chart_size
        check([{"modes": [{"label": f"gpu/variant-{i}"} for i in range(60)]}] * 2, "--plot")
        with self.assertRaisesRegex(script().CompareError, "3 files × 41 modes = 123 bars: a chart shows 120"):
            check([{"modes": [{"label": f"gpu/variant-{i}"} for i in range(41)]}] * 3, "--plot")
        self.assertLessEqual(script().FIGURE_BASE_IN + script().FIGURE_IN_PER_BAR * script().MAX_CHART_BARS,
                             script().MAX_FIGURE_HEIGHT_IN)

    def test_an_output_that_is_an_input(self):
        with tempfile.TemporaryDirectory() as directory:
            path = write_file(directory, "mine.json", fixture("bench-a.json"))
            with open(path, "rb") as file:
                before = file.read()
            other_spelling = os.path.join(directory, os.pardir, os.path.basename(directory), "mine.json")
            for option, out in (("--plot", path), ("--html", other_spelling)):
                with self.subTest(option=option):
                    self.assert_refused(compare(path, "bench-b.json", option, out), says="is also an input")
            self.assert_refused(compare(path, "--plot", "same.png", "--html", "same.png", cwd=directory),
                                says="is the --plot output too")
            with open(path, "rb") as file:
                self.assertEqual(file.read(), before)
            self.assertEqual(os.listdir(directory), ["mine.json"])

    def test_an_unwritable_output_directory(self):
        with tempfile.TemporaryDirectory() as directory:
            places = [os.path.join(directory, "missing", "chart.png"), os.path.join(FIXTURES, "bench-a.json", "chart.png")]
            if os.geteuid() != 0:  # root writes into a read-only folder all the same
                read_only = os.path.join(directory, "read-only")
                os.mkdir(read_only, 0o555)
                places.append(os.path.join(read_only, "chart.png"))
            for out in places:
                with self.subTest(out=out):
                    result = compare("bench-a.json", "--plot", out)
                    self.assert_refused(result, code=1, says=f"{out}: cannot write it: ")
                    self.assertIn("| scene | fps | 1000.0 |", result.stdout)  # the table was fine

    # A full disk once left a truncated page behind and said "None: cannot write it".
    def test_a_failed_write_leaves_the_old_file_and_no_temporary(self):
        with tempfile.TemporaryDirectory() as directory:
            page = write_file(directory, "page.html", b"the old page")
            no_space = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            with mock.patch.object(script().os, "fsync", side_effect=no_space):
                result = compare_in_process(os.path.join(FIXTURES, "bench-a.json"), "--html", page)
            self.assert_refused(result, code=1, says=f"{page}: cannot write it: No space left on device")
            with open(page, "rb") as file:
                self.assertEqual(file.read(), b"the old page")
            self.assertEqual(os.listdir(directory), ["page.html"])

    def test_outputs_are_replaced_whole_with_the_umask_mode(self):
        with tempfile.TemporaryDirectory() as directory:
            png = write_file(directory, "chart.png", b"an old chart")
            os.chmod(png, 0o600)
            page = os.path.join(directory, "page.html")
            result = subprocess.run(["/usr/bin/python3", COMPARE, "bench-a.json", "--plot", png, "--html", page],
                                    cwd=FIXTURES, capture_output=True, text=True, timeout=120,
                                    preexec_fn=lambda: os.umask(0o027))
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertEqual(sorted(os.listdir(directory)), ["chart.png", "page.html"])
            for path in (png, page):
                self.assertEqual(stat.S_IMODE(os.stat(path).st_mode), 0o640, path)
            with open(png, "rb") as file:
                self.assertEqual(file.read(8), b"\x89PNG\r\n\x1a\n")

    # Python's own ways to lose a package: not installed (a package that says so in its place), an
    # import that a sitecustomize blocks, and one whose pyplot cannot load (numpy of another ABI),
    # which once printed the table and then a traceback.
    HIDDEN_MATPLOTLIB = {
        "missing": {"matplotlib/__init__.py": "raise ModuleNotFoundError(\"No module named 'matplotlib'\")\n"},
        "blocked": {"sitecustomize.py": (
            "import sys\n"
            "class Block:\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            "        if name.split('.')[0] == 'matplotlib':\n"
            "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
            "sys.meta_path.insert(0, Block())\n")},
        "broken pyplot": {"matplotlib/__init__.py": "def use(backend):\n    pass\n",
                          "matplotlib/pyplot.py": "raise ImportError('numpy.core.multiarray failed to import')\n"},
    }

    def test_without_matplotlib_plot_says_so_in_one_line(self):
        for case, files in self.HIDDEN_MATPLOTLIB.items():
            for option in ("--plot", "--html"):
                with self.subTest(case=case, option=option), tempfile.TemporaryDirectory() as directory:
                    for name, text in files.items():
                        os.makedirs(os.path.join(directory, os.path.dirname(name)), exist_ok=True)
                        write_file(directory, name, text.encode("utf-8"))
                    out = os.path.join(directory, "out")
                    environment = dict(os.environ, PYTHONPATH=directory)
                    result = subprocess.run(["/usr/bin/python3", COMPARE, "bench-a.json", option, out], cwd=FIXTURES,
                                            capture_output=True, text=True, timeout=120, env=environment)
                    self.assertFalse(os.path.exists(out))
                    self.assert_refused(result, says=f"{option}: needs matplotlib")
                    self.assertIn("install Debian's python3-matplotlib", result.stderr)

    def test_without_jsonschema_or_the_schema_it_says_so_in_one_line(self):
        bench_a = os.path.join(FIXTURES, "bench-a.json")
        with mock.patch.dict(sys.modules, {"jsonschema": None}):
            self.assert_refused(compare_in_process(bench_a), says="python3-jsonschema")
        with mock.patch.object(script(), "SCHEMA_PLACES", ("/nonexistent/bench-schema.json",)):
            self.assert_refused(compare_in_process(bench_a), says="cannot find bench-schema.json")
        with tempfile.TemporaryDirectory() as directory:
            broken = write_file(directory, "bench-schema.json", b"{")
            with mock.patch.object(script(), "SCHEMA_PLACES", (broken,)):
                self.assert_refused(compare_in_process(bench_a), says=f"{broken}: the schema is not JSON")


def mutate(data_text, rng):
    """One random change of a real result, and what it was: a byte flipped, the end cut off, a key
    deleted, a value of another type, or a number the bench could write but rarely does."""
    kind = rng.choice(("flip", "cut", "delete", "swap", "number"))
    raw = data_text.encode("utf-8")
    if kind == "flip":
        position = rng.randrange(len(raw))
        return kind, raw[:position] + bytes([rng.randrange(256)]) + raw[position + 1:]
    if kind == "cut":
        return kind, raw[:rng.randrange(len(raw))]
    data = json.loads(data_text)
    places = []  # (container, key) of every value in the file
    stack = [data]
    while stack:
        node = stack.pop()
        pairs = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, value in pairs:
            places.append((node, key))
            stack.append(value)
    container, key = rng.choice(places)
    if kind == "delete":
        del container[key]
    elif kind == "swap":
        container[key] = rng.choice(("text", 7, -1, 0.5, None, True, [], {}, [1, 2], {"label": "gpu"}))
    else:
        container[key] = rng.choice((0, 0.0, 1e-300, 5e-324, 1e300, 2 ** 63, -0.0))
    return f"{kind} {key!r}", json.dumps(data).encode("utf-8")


class CompareFuzz(unittest.TestCase):
    MUTATIONS = 300
    SEED = 14

    def test_mutated_real_results_never_end_in_a_traceback(self):
        sources = REAL_FILES + [os.path.join(FIXTURES, name) for name in ("bench-a.json", "bench-b.json")]
        texts = {}
        for path in sources:
            with open(path, encoding="utf-8") as file:
                texts[path] = file.read()
        rng = random.Random(self.SEED)
        start = time.monotonic()
        outcomes = set()
        with tempfile.TemporaryDirectory() as directory:
            for number in range(self.MUTATIONS):
                source = rng.choice(sources)
                kind, content = mutate(texts[source], rng)
                path = write_file(directory, f"mutant-{number}.json", content)
                # Alone, as the baseline, and against one: each reads the file by another path.
                arguments = rng.choice(([path], [path, source], [source, path]))
                if number % 100 == 0:  # and a few charts, of what survived the checks
                    arguments += ["--plot", os.path.join(directory, "chart.png")]
                case = f"mutation {number} (seed {self.SEED}) of {os.path.basename(source)}: {kind}"
                try:
                    result = compare_in_process(*arguments)
                except Exception:
                    self.fail(f"{case}: {traceback.format_exc()}")
                self.assertIn(result.returncode, (0, 1, 2), case)
                self.assertEqual(len(result.stderr.splitlines()), 0 if result.returncode == 0 else 1,
                                 f"{case}: {result.stderr}")
                outcomes.add(result.returncode)
                if number < 4:  # the same through a process of its own, where a traceback would show
                    process = compare_process(*arguments)
                    self.assertNotIn("Traceback", process.stderr, case)
                    self.assertEqual((process.returncode, process.stdout), (result.returncode, result.stdout), case)
                os.unlink(path)
        self.assertEqual(outcomes, {0, 2})  # the mutations reach the table, not only the refusals
        self.assertLess(time.monotonic() - start, 30)


class BenchSchema(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with open(SCHEMA, encoding="utf-8") as file:
            cls.schema = json.load(file)
        jsonschema.Draft202012Validator.check_schema(cls.schema)

    @unittest.skipIf(SCHEMA == TEMPLATE, "STEREOCL_BENCH_SCHEMA names no built schema")
    def test_the_build_names_what_the_template_leaves_open(self):
        with open(TEMPLATE, encoding="utf-8") as file:
            template = json.load(file)
        report = fixture("bench-b.json")
        report["parameters"]["effect"] = "rainbow"
        jsonschema.validate(report, template)
        with self.assertRaises(jsonschema.ValidationError):
            jsonschema.validate(report, self.schema)
        self.assertIn("emboss", self.schema["properties"]["parameters"]["properties"]["effect"]["enum"])

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

    # --effect emboss is one of the program's effects (pipeline/plan/effects.cpp); its results were invalid.
    def test_every_effect_is_valid(self):
        for effect in ("none", "sobel", "blur", "emboss"):
            data = fixture("bench-a.json")
            data["parameters"]["effect"] = effect
            with self.subTest(effect=effect):
                jsonschema.validate(data, self.schema)

    def test_another_schema_version_fails(self):
        data = fixture("bench-a.json")
        data["schema_version"] = 2
        with self.assertRaises(jsonschema.ValidationError):
            jsonschema.validate(data, self.schema)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v"])
