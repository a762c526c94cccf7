#!/usr/bin/python3
"""`cmake --install` lays out what the .deb ships: the one program in bin/, its two modules in
lib/stereocl/ (checked before they are loaded), stereocl-compare and the schema it finds beside itself,
the presets with the files they name, the man page, and the licence where Debian policy wants it.
Usage: install_layout_test.py BUILD_DIR SCRATCH_DIR."""
import os
import shutil
import subprocess
import sys
import unittest

BUILD, SCRATCH = sys.argv[1], sys.argv[2]


class InstallLayout(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.prefix = os.path.join(SCRATCH, "usr")
        shutil.rmtree(SCRATCH, ignore_errors=True)
        cls.result = subprocess.run(["cmake", "--install", BUILD, "--prefix", cls.prefix],
                                    capture_output=True, text=True, timeout=300)

    def setUp(self):
        self.assertEqual(self.result.returncode, 0, self.result.stderr)

    def installed_module(self, name):
        """Every path under lib/ that holds the module `name` (one, where the install is right)."""
        return [os.path.join(folder, file) for folder, _, files in os.walk(os.path.join(self.prefix, "lib"))
                for file in files if file == name]

    def test_every_shipped_file_is_there(self):
        for path in ("bin/stereocl", "bin/stereocl-compare",
                     "share/stereocl/bench-schema.json",
                     "share/doc/stereocl/copyright", "share/man/man1/stereocl.1.gz",
                     "share/stereocl/presets/presenter.toml", "share/stereocl/depth-shapes.png",
                     "share/applications/stereocl.desktop"):
            self.assertTrue(os.path.isfile(os.path.join(self.prefix, path)), path)

    def test_the_mp4_module_is_where_the_installed_program_looks(self):
        if not os.path.isfile(os.path.join(BUILD, "stereocl-mp4.so")):
            self.skipTest("built without MP4 recording")
        found = self.installed_module("stereocl-mp4.so")
        self.assertEqual(len(found), 1, found)
        # The installed program finds it from its own folder (record/mp4_recording.cpp), with no
        # build folder to fall back on: it records an MP4.
        video = os.path.join(SCRATCH, "installed.mp4")
        if os.path.exists(video):
            os.remove(video)  # an earlier run's: a recording replaces one only with --overwrite
        environment = {k: v for k, v in os.environ.items() if k != "STEREOCL_MODULE_DIR"}
        result = subprocess.run([os.path.join(self.prefix, "bin/stereocl"), "--hidden", "--mode", "cpu", "--size",
                                 "64x48", "--frames", "2", "--record", video], capture_output=True, text=True,
                                timeout=120, env=environment)
        if result.returncode != 0 and "display" in result.stderr:
            self.skipTest("no display to record from: " + result.stderr.strip())
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertGreater(os.path.getsize(video), 0)

    def test_the_model_module_is_where_the_installed_program_looks(self):
        found = self.installed_module("stereocl-model.so")
        self.assertEqual(len(found), 1, found)
        # The installed program finds it from its own folder (core/os/program_module.cpp), with no
        # build folder to fall back on: it makes a still of a model file.
        model = os.path.join(SCRATCH, "tetrahedron.obj")
        with open(model, "w", encoding="ascii") as file:
            file.write("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3\nf 1 2 4\nf 1 3 4\nf 2 3 4\n")
        still = os.path.join(SCRATCH, "tetrahedron.png")
        environment = {k: v for k, v in os.environ.items() if k != "STEREOCL_MODULE_DIR"}
        result = subprocess.run([os.path.join(self.prefix, "bin/stereocl"), "--model", model, "--size", "64x48",
                                 "-o", still], capture_output=True, text=True, timeout=120, env=environment)
        self.assertNotIn("model files", result.stderr)
        if result.returncode != 0 and ("display" in result.stderr or "GL" in result.stderr):
            self.skipTest("no GL to draw the model with: " + result.stderr.strip())
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertGreater(os.path.getsize(still), 0)

    def test_one_program_and_no_other(self):
        # stereocl-bench, the kernels' micro-benchmarks, is installed only by a build with them.
        programs = set(os.listdir(os.path.join(self.prefix, "bin"))) - {"stereocl-bench"}
        self.assertEqual(programs, {"stereocl", "stereocl-compare"})
        self.assertFalse(os.path.exists(os.path.join(self.prefix, "libexec")))
        modules = sorted(file for folder, _, files in os.walk(os.path.join(self.prefix, "lib")) for file in files)
        self.assertTrue(set(modules) <= {"stereocl-model.so", "stereocl-mp4.so"}, modules)
        # A word, written as WebP, then read back as a depth map: the codecs and FreeType are linked.
        environment = {k: v for k, v in os.environ.items() if k != "STEREOCL_MODULE_DIR"}
        word = os.path.join(SCRATCH, "word.webp")
        for arguments in (["--text", "HI", "--size", "96x64", "-o", word], ["--depth", word, "-o", word + ".png"]):
            result = subprocess.run([os.path.join(self.prefix, "bin/stereocl")] + arguments, capture_output=True,
                                    text=True, timeout=120, env=environment)
            self.assertEqual(result.returncode, 0, result.stderr)
        with open(word, "rb") as file:
            self.assertEqual(file.read(12)[8:], b"WEBP")
        self.assertGreater(os.path.getsize(word + ".png"), 0)

    def damaged_model_module(self, name, damage):
        """A copy of the installed program and its model module, the module damaged by `damage`
        (bytes -> bytes); what a model still says with it."""
        folder = os.path.join(SCRATCH, name)
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(os.path.join(folder, "bin"))
        shutil.copy(os.path.join(self.prefix, "bin/stereocl"), os.path.join(folder, "bin/stereocl"))
        with open(self.installed_module("stereocl-model.so")[0], "rb") as file:
            module = damage(file.read())
        with open(os.path.join(folder, "bin/stereocl-model.so"), "wb") as file:
            file.write(module)
        model = os.path.join(folder, "tetrahedron.obj")
        with open(model, "w", encoding="ascii") as file:
            file.write("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3\nf 1 2 4\nf 1 3 4\nf 2 3 4\n")
        environment = {k: v for k, v in os.environ.items() if k != "STEREOCL_MODULE_DIR"}
        return subprocess.run([os.path.join(folder, "bin/stereocl"), "--model", model, "--size", "64x48",
                               "-o", os.path.join(folder, "still.png")], capture_output=True, text=True,
                              timeout=120, env=environment)

    def test_a_cut_or_foreign_module_is_refused_in_one_line(self):
        # Mapping a cut module gave SIGBUS, and another build's with the right entry point SIGSEGV.
        def foreign(module):
            at = module.index(b"stereocl module build ")
            return module[:at] + b"stereocl module build 9.9 (elsewhere)"[:len(b"stereocl module build ")] + \
                b"X" + module[at + len(b"stereocl module build ") + 1:]
        for name, damage, said in (("cut", lambda module: module[: len(module) * 2 // 3], "is cut short"),
                                   ("foreign", foreign, "another build's module"),
                                   ("empty", lambda module: b"", "not a shared library")):
            result = self.damaged_model_module(name, damage)
            self.assertGreater(result.returncode, 0, name)  # an exit status, not a signal
            self.assertIn(said, result.stderr, name)
            self.assertEqual(len(result.stderr.strip().splitlines()), 1, result.stderr)

    def test_the_copyright_file_is_machine_readable_and_names_the_licence(self):
        with open(os.path.join(self.prefix, "share/doc/stereocl/copyright"), encoding="utf-8") as file:
            text = file.read()
        self.assertTrue(text.startswith("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"))
        self.assertIn("License: Expat", text)
        self.assertIn("Permission is hereby granted", text)

    def test_the_installed_compare_finds_the_installed_schema(self):
        fixture = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "bench-a.json")
        environment = {k: v for k, v in os.environ.items() if k != "STEREOCL_BENCH_SCHEMA"}
        result = subprocess.run(["/usr/bin/python3", os.path.join(self.prefix, "bin/stereocl-compare"), fixture],
                                capture_output=True, text=True, timeout=120, env=environment)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("bench-a.json", result.stdout)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v"])
