#!/usr/bin/python3
"""A real `stereocl --bench --json` (small size, few frames) against the build's bench schema
(docs/bench-schema.json with the tables' names filled in), for every effect and algorithm the
schema names, plus the new options' checks. Usage: bench_json_test.py STEREOCL_BINARY SCHEMA.
Needs a display (ctest runs under xvfb-run)."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

import jsonschema

BINARY, SCHEMA = sys.argv[1], sys.argv[2]


def stereocl(*arguments):
    return subprocess.run([BINARY, *arguments], capture_output=True, text=True, timeout=300)


class BenchJson(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with open(SCHEMA, encoding="utf-8") as file:
            cls.schema = json.load(file)
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "bench.json")
            cls.run_result = stereocl("--bench", "--size", "67x31", "--frames", "6", "--bench-repeat", "2",
                                      "--interop-sync", "all", "--interop-batch", "all", "--json", path)
            cls.report = None
            if cls.run_result.returncode == 0:
                with open(path, encoding="utf-8") as file:
                    cls.report = json.load(file)

    def setUp(self):
        self.assertEqual(self.run_result.returncode, 0, self.run_result.stderr)

    def test_validates_against_the_schema(self):
        jsonschema.validate(self.report, self.schema)

    def test_a_missing_field_fails_validation(self):
        for remove in (lambda r: r.pop("system"), lambda r: r["modes"][0].pop("frame_ms"),
                       lambda r: r["opencl"].pop("platforms"), lambda r: r["modes"][0]["stages_ms"].pop("render")):
            broken = json.loads(json.dumps(self.report))
            remove(broken)
            with self.assertRaises(jsonschema.ValidationError):
                jsonschema.validate(broken, self.schema)

    def test_every_mode_ran_each_repeat_and_has_ordered_frame_times(self):
        self.assertIn("scene", [m["label"] for m in self.report["modes"]])
        self.assertIn("cpu", [m["label"] for m in self.report["modes"]])
        for mode in self.report["modes"]:
            self.assertEqual(len(mode["fps_runs"]), 2, mode["label"])
            frame = mode["frame_ms"]
            self.assertLessEqual(frame["min"], frame["median"])
            self.assertLessEqual(frame["median"], frame["p95"])
            self.assertLessEqual(frame["p95"], frame["max"])
            self.assertAlmostEqual(mode["gpu_idle_ms"], max(0.0, frame["median"] - mode["gpu_work_ms"]), places=9)
        self.assertEqual(self.report["parameters"]["size"], [67, 31])
        self.assertIn(self.report["parameters"]["algorithm"], ("lookup", "symmetric"))

    def test_gpu_strategies_are_run_or_skipped_with_a_reason(self):
        ran = {m["label"] for m in self.report["modes"]}
        skipped = {s["label"]: s["reason"] for s in self.report["skipped"]}
        for strategy in ("finish", "fence", "implicit"):
            # --interop-batch all: on, then off; pipelined too (the default)
            for label in ("gpu/" + strategy, "gpu/" + strategy + "/steps", "gpu/" + strategy + "/pipeline"):
                self.assertTrue(label in ran or skipped.get(label), label)
        table = {row["mode"]: row for row in self.report["mode_table"]}
        for mode in self.report["modes"]:
            row = table[mode["mode"]]
            self.assertEqual(mode["interop_batch"] is None, not row["interop_choices"], mode["label"])
            # A mode with interop choices says so in every row; the other pipelining modes only
            # where they pipelined
            self.assertEqual(mode["pipeline"] is None,
                             not row["interop_choices"] and not mode["label"].endswith("/pipeline"), mode["label"])
            self.assertTrue(row["can_pipeline"] or mode["pipeline"] is None)
        for name, row in table.items():  # each mode that can pipeline is measured both ways
            if row["can_pipeline"] and not row["interop_choices"] and name in ran:
                self.assertIn(name + "/pipeline", ran)
        self.assertEqual([row["mode"] for row in self.report["mode_table"]][:2], ["scene", "cpu"])
        if not self.report["opencl"]["gl_sharing"]:
            self.assertEqual(ran & {"gpu/finish", "gpu/fence", "gpu/implicit"}, set())
            self.assertRegex(self.run_result.stdout, r"gpu/fence +skipped: \S")

    def test_gl_compute_runs_beside_the_opencl_modes_gpu_timed(self):
        ran = {m["label"]: m for m in self.report["modes"]}
        skipped = {s["label"]: s["reason"] for s in self.report["skipped"]}
        self.assertTrue("gl-compute" in ran or skipped.get("gl-compute"))
        if "gl-compute" not in ran:
            self.assertIn("compute shaders", skipped["gl-compute"])
            return
        entry = ran["gl-compute"]
        self.assertEqual(entry["algorithm"], "symmetric")
        self.assertEqual(entry["stage_sides"]["stereogram"], "gpu")  # GL timer queries
        self.assertGreater(entry["stages_ms"]["stereogram"], 0.0)
        self.assertEqual((entry["interop_sync"], entry["interop_batch"], entry["pipeline"]), (None, None, None))
        self.assertNotIn("handover_floor", entry)  # it hands nothing over
        self.assertEqual(self.report["mode_table"][-1]["mode"], "gl-compute")
        self.assertNotIn("algorithm", ran["scene"])  # Scene mode makes no stereogram

    def test_context_block_describes_the_machine(self):
        self.assertEqual(self.report["schema_version"], 1)
        self.assertTrue(self.report["gl"]["renderer"])
        self.assertTrue(self.report["system"]["kernel"])
        used = [d for p in self.report["opencl"]["platforms"] for d in p["devices"] if d["used"]]
        if self.report["opencl"]["device"]:
            self.assertEqual([d["name"] for d in used], [self.report["opencl"]["device"]])
        self.assertIn("OpenMP", self.report["cpu_implementation"]["effects"])

    def test_progress_goes_to_stderr_one_line_per_run(self):
        self.assertIn("scene run 1/2: 6/6 frames", self.run_result.stderr)
        self.assertIn("cpu run 2/2: 6/6 frames", self.run_result.stderr)
        self.assertIn("67x31 scene, 6 frames per run, 2 runs per mode", self.run_result.stdout)


class EveryTableRow(unittest.TestCase):
    """The schema's names come from the tables, so each effect and algorithm it names runs and validates."""

    @classmethod
    def setUpClass(cls):
        with open(SCHEMA, encoding="utf-8") as file:
            cls.schema = json.load(file)
        cls.parameters = cls.schema["properties"]["parameters"]["properties"]

    def bench(self, *arguments):
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "bench.json")
            result = stereocl("--bench", "--size", "41x23", "--frames", "2", "--bench-repeat", "1", "--json", path,
                              *arguments)
            self.assertEqual(result.returncode, 0, result.stderr)
            with open(path, encoding="utf-8") as file:
                return json.load(file)

    def test_every_effect_and_algorithm_validates(self):
        effects = self.parameters["effect"]["enum"]
        algorithms = self.parameters["algorithm"]["enum"]
        self.assertIn("emboss", effects)
        self.assertIn("symmetric", algorithms)
        for effect, algorithm in zip(effects, algorithms * len(effects)):
            with self.subTest(effect=effect, algorithm=algorithm):
                report = self.bench("--effect", effect, "--algorithm", algorithm)
                jsonschema.validate(report, self.schema)
                self.assertEqual(report["parameters"]["effect"], effect)
                self.assertEqual(report["parameters"]["algorithm"], algorithm)
                # Each stereogram mode ran --algorithm's, but GL compute mode, which runs its own.
                for mode in report["modes"]:
                    if mode["mode"] != "scene":
                        own = "symmetric" if mode["mode"] == "gl-compute" else algorithm
                        self.assertEqual(mode["algorithm"], own, mode["label"])

    def test_frames_in_flight_report_throughput_and_each_frames_latency(self):
        waited, queued = self.bench(), self.bench("--frames-in-flight", "3")
        jsonschema.validate(queued, self.schema)
        self.assertEqual(waited["parameters"]["frames_in_flight"], 1)
        self.assertEqual(queued["parameters"]["frames_in_flight"], 3)
        for mode in waited["modes"] + queued["modes"]:
            latency = mode["latency_ms"]
            self.assertGreater(latency["min"], 0, mode["label"])
            self.assertLessEqual(latency["min"], latency["median"])
            self.assertLessEqual(latency["median"], latency["p95"])
            self.assertLessEqual(latency["p95"], latency["max"])
        broken = json.loads(json.dumps(queued))
        broken["parameters"]["frames_in_flight"] = 5
        with self.assertRaises(jsonschema.ValidationError):
            jsonschema.validate(broken, self.schema)

    def test_every_effect_parameter_is_a_field_with_its_range(self):
        self.assertEqual(self.parameters["blur_radius"]["maximum"], 32)
        self.assertEqual(self.parameters["blur_border"]["enum"], ["zero", "clamp"])
        report = self.bench("--effect", "blur", "--blur-radius", "7", "--blur-border", "clamp")
        fields = {name for name, field in self.parameters.items() if "absent in files from before the effect" in
                  field.get("description", "")}
        self.assertIn("blur_radius", fields)
        self.assertLessEqual(fields, set(report["parameters"]))  # every parameter of every effect is written
        self.assertEqual((report["parameters"]["blur_radius"], report["parameters"]["blur_border"]), (7, "clamp"))
        for name, value in (("effect", "sepia"), ("blur_radius", 33), ("blur_border", "wrap"), ("algorithm", "x")):
            broken = json.loads(json.dumps(report))
            broken["parameters"][name] = value
            with self.subTest(name=name), self.assertRaises(jsonschema.ValidationError):
                jsonschema.validate(broken, self.schema)


class BenchOptions(unittest.TestCase):
    def refused(self, arguments, message):
        result = stereocl(*arguments)
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertEqual(result.stderr.strip(), "stereocl: " + message)

    def test_bad_values_are_refused_naming_value_and_rule(self):
        self.refused(["--bench", "--bench-repeat", "0"], "--bench-repeat: Value 0 not in range 1 to 100 (see --help)")
        self.refused(["--bench", "--interop-sync", "glfinish"],
                     "--interop-sync: glfinish not in {finish,fence,implicit,all} (see --help)")
        self.refused(["--interop-sync", "all"], "--interop-sync all: goes with --bench (pick one otherwise)")
        self.refused(["--interop-batch", "all"], "--interop-batch all: goes with --bench (pick one otherwise)")
        self.refused(["--interop-batch", "yes"], "--interop-batch: yes not in {on,off,all} (see --help)")
        self.refused(["--bench", "--frames-in-flight", "5"], "--frames-in-flight: Value 5 not in range 1 to 4 (see --help)")
        self.refused(["--pipeline", "--interop-batch", "off"],
                     "--pipeline: needs --interop-batch on or all (the pipeline hands over once a frame)")

    def test_version(self):
        result = stereocl("--version")
        self.assertEqual(result.returncode, 0)
        self.assertRegex(result.stdout, r"^stereocl \d+\.\d+")


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v"])
