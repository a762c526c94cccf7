// --list-devices --json and --cl-device, through the program: the list parses, its numbers pick
// the device they name, and a device that is not here is an error, not a quiet fallback.
#include "compute/cl/cl_environment.hpp"
#include "run_program.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace stereocl {
namespace {

using testing::ProgramResult;
using testing::run_stereocl;

nlohmann::json device_list() {
  const ProgramResult result = run_stereocl({"--list-devices", "--json"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return nlohmann::json::parse(result.out);  // throws, failing the test, where it is not JSON
}

// The OpenCL device a short --bench run used, as its JSON names it.
std::string device_used_by_bench(const std::string& cl_device) {
  const std::string json = testing::scratch_file("bench-" + std::to_string(std::hash<std::string>{}(cl_device)) + ".json");
  const ProgramResult result =
      run_stereocl({"--bench", "--cl-device", cl_device, "--size", "32x24", "--frames", "2", "--json", json});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return nlohmann::json::parse(testing::read_text(json)).at("opencl").at("device").get<std::string>();
}

void expect_refused_with_the_list(std::vector<std::string> arguments, const std::string& value) {
  const ProgramResult result = run_stereocl(arguments);
  EXPECT_EQ(result.exit_code, 2) << value << ": " << result.err;
  EXPECT_NE(result.err.find("--cl-device " + value + ": matches no OpenCL device"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("platform 0:"), std::string::npos) << "the list, please: " << result.err;
}

TEST(ClDeviceChoice, TheJsonListHasEveryFieldWithItsType) {
  const nlohmann::json list = device_list();
  ASSERT_TRUE(list.at("platforms").is_array());
  if (list["platforms"].empty()) GTEST_SKIP() << "no OpenCL platform here";
  for (std::size_t p = 0; p < list["platforms"].size(); ++p) {
    const auto& platform = list["platforms"][p];
    for (const char* key : {"name", "vendor", "version"}) EXPECT_TRUE(platform.at(key).is_string()) << key;
    for (std::size_t d = 0; d < platform.at("devices").size(); ++d) {
      const auto& device = platform["devices"][d];
      EXPECT_EQ(device.at("index"), std::to_string(p) + ":" + std::to_string(d));
      for (const char* key : {"name", "type", "version", "driver_version"}) EXPECT_TRUE(device.at(key).is_string()) << key;
      for (const char* key : {"compute_units", "local_memory_bytes", "image2d_max_width", "image2d_max_height"})
        EXPECT_GT(device.at(key).get<long long>(), 0) << key;
      EXPECT_TRUE(device.at("shares_gl").is_boolean());
    }
  }
}

TEST(ClDeviceChoice, TheTextListShowsTheSameNumbers) {
  const nlohmann::json list = device_list();
  if (list["platforms"].empty() || list["platforms"][0]["devices"].empty()) GTEST_SKIP() << "no OpenCL device here";
  const ProgramResult text = run_stereocl({"--list-devices"});
  const auto& device = list["platforms"][0]["devices"][0];
  EXPECT_NE(text.out.find("device 0:0: " + device["name"].get<std::string>()), std::string::npos) << text.out;
}

TEST(ClDeviceChoice, AnIndexOrAnyCaseOfPartOfTheNamePicksTheDevice) {
  const nlohmann::json list = device_list();
  if (list["platforms"].empty() || list["platforms"][0]["devices"].empty()) GTEST_SKIP() << "no OpenCL device here";
  const std::string name = list["platforms"][0]["devices"][0]["name"];
  EXPECT_EQ(device_used_by_bench("0:0"), name);
  std::string shouted = name.substr(0, std::min<std::size_t>(name.size(), 6));
  std::transform(shouted.begin(), shouted.end(), shouted.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  EXPECT_EQ(device_used_by_bench(shouted), name) << shouted;
}

TEST(ClDeviceChoice, ADeviceThatIsNotHereExitsTwoWithTheList) {
  if (device_list()["platforms"].empty()) GTEST_SKIP() << "no OpenCL platform here";
  expect_refused_with_the_list({"--hidden", "--frames", "1", "--cl-device", "9:9"}, "9:9");
  expect_refused_with_the_list({"--hidden", "--frames", "1", "--cl-device", "nosuchdevice"}, "nosuchdevice");
  expect_refused_with_the_list({"--bench", "--frames", "2", "--cl-device", "nosuchdevice"}, "nosuchdevice");
}

// The filter against a list made here, so the rule is checked on any machine, OpenCL or not.
TEST(ClDeviceChoice, AFilterMatchesByIndexOrPartOfTheNameOrSaysWhyNot) {
  ClPlatformDescription pocl{.name = "Portable Computing Language", .version = "OpenCL 3.0 PoCL"};
  pocl.devices.push_back({.index = "0:0", .name = "cpu-haswell-Intel(R) Xeon(R)", .type = "cpu"});
  const std::vector<ClPlatformDescription> platforms = {pocl};
  for (const std::string filter : {"", "0:0", "xeon", "PORTABLE computing"})
    EXPECT_TRUE(device_filter_matches(filter, platforms)) << filter;
  for (const std::string filter : {"0:1", "1:0", "nvidia", "0:"}) {
    const Status matched = device_filter_matches(filter, platforms);
    ASSERT_FALSE(matched) << filter;
    EXPECT_EQ(matched.error(),
              "cl_device " + filter +
                  ": matches no OpenCL device; give P:D or part of a name from this list:\n"
                  "platform 0: Portable Computing Language (OpenCL 3.0 PoCL)\n"
                  "  device 0:0: cpu-haswell-Intel(R) Xeon(R) | cpu |  | 0 compute units | 0 KiB local memory");
  }
}

TEST(ClDeviceChoice, WithoutAnyPlatformAskingForADeviceIsAnError) {
  const std::string no_vendors = testing::scratch_file("no-vendors");
  std::filesystem::create_directories(no_vendors);
  const ProgramResult result = run_stereocl({"--hidden", "--frames", "1", "--cl-device", "0:0"}, "OCL_ICD_VENDORS=" + no_vendors);
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("--cl-device 0:0: matches no OpenCL device"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("no OpenCL platform"), std::string::npos) << result.err;
  const ProgramResult list = run_stereocl({"--list-devices", "--json"}, "OCL_ICD_VENDORS=" + no_vendors);
  EXPECT_EQ(nlohmann::json::parse(list.out).at("platforms").size(), 0u);
}

TEST(ClDeviceChoice, TheJsonListGoesToAFileWhenOneIsNamed) {
  const std::string path = testing::scratch_file("devices.json");
  const ProgramResult result = run_stereocl({"--list-devices", "--json", path});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(result.out.empty()) << result.out;
  EXPECT_EQ(nlohmann::json::parse(testing::read_text(path)), device_list());
}

}  // namespace
}  // namespace stereocl

namespace stereocl {
namespace {

// The platforms clinfo sees, in its order: an independent look at the same ICD loader.
std::vector<std::string> clinfo_platforms() {
  const std::string listing = testing::scratch_file("clinfo-l.txt");
  if (std::system(("clinfo -l > " + listing + " 2>/dev/null").c_str()) != 0) return {};
  std::vector<std::string> names;
  std::istringstream lines(testing::read_text(listing));
  for (std::string line; std::getline(lines, line);)
    if (const auto at = line.find("Platform #"); at == 0) names.push_back(line.substr(line.find(": ") + 2));
  return names;
}

// Mesa's rusticl and Clover (mesa-opencl-icd, in CI beside PoCL) have no GL sharing; calling
// through the loader's trampoline for it crashed --list-devices and every start-up. Each
// platform is listed, one without devices says so, and the program starts and draws.
TEST(EveryPlatform, IsListedAndNoneStopsTheProgram) {
  const std::vector<std::string> expected = clinfo_platforms();
  if (expected.empty()) GTEST_SKIP() << "clinfo lists no OpenCL platform here";
  const nlohmann::json list = device_list();
  ASSERT_EQ(list.at("platforms").size(), expected.size()) << list.dump();
  for (std::size_t p = 0; p < expected.size(); ++p) {
    const auto& platform = list["platforms"][p];
    EXPECT_EQ(platform.at("name").get<std::string>(), expected[p]);
    if (platform.at("devices").empty()) EXPECT_NE(platform.at("note").get<std::string>().find("no devices"), std::string::npos);
  }
  const ProgramResult text = run_stereocl({"--list-devices"});
  EXPECT_EQ(text.exit_code, 0) << text.err;
  for (const std::string& name : expected) EXPECT_NE(text.out.find(name), std::string::npos) << text.out;
  const std::string out = testing::scratch_file("every-platform-cpu.png");
  const ProgramResult started = run_stereocl({"--hidden", "--mode", "cpu", "--size", "64x48", "--frames", "2", "--screenshot", out});
  EXPECT_EQ(started.exit_code, 0) << started.err;
}

// A platform whose driver lacks the GL sharing calls is named with the call it lacks when GPU
// mode cannot run, instead of being called through a null pointer.
TEST(EveryPlatform, GpuModeNamesTheSharingCallADriverLacks) {
  bool mesa = false;
  for (const std::string& name : clinfo_platforms()) mesa = mesa || name == "rusticl" || name == "Clover";
  if (!mesa) GTEST_SKIP() << "no Mesa OpenCL platform here (mesa-opencl-icd)";
  const ProgramResult result = run_stereocl({"--hidden", "--mode", "gpu", "--size", "64x48", "--frames", "2"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  if (result.err.find("unavailable") == std::string::npos) GTEST_SKIP() << "GPU mode runs here: " << result.err;
  EXPECT_NE(result.err.find("its driver has no GL sharing (no clGetGLContextInfoKHR)"), std::string::npos) << result.err;
}

// Without a display the list is still there, only which device shares with GL is unknown.
TEST(EveryPlatform, ListsWithoutADisplay) {
  const ProgramResult result = run_stereocl({"--list-devices"}, "env -u DISPLAY -u WAYLAND_DISPLAY");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  if (clinfo_platforms().empty()) return;
  EXPECT_NE(result.out.find("platform 0:"), std::string::npos) << result.out;
}

// Issue 29, case 15: PoCL without a writable kernel cache lists no devices, and the program said
// "the OpenCL platforms have no devices" as if none were installed.
TEST(EveryPlatform, PocLWithoutAWritableCacheIsSaidToBeThat) {
  bool pocl = false;
  for (const std::string& name : clinfo_platforms()) pocl = pocl || name.find("Portable Computing Language") != std::string::npos;
  if (!pocl) GTEST_SKIP() << "no PoCL here";
  const std::string no_cache = "POCL_CACHE_DIR=/proc/no-such-folder";
  const ProgramResult list = run_stereocl({"--list-devices"}, no_cache);
  if (list.out.find("pthread") != std::string::npos) GTEST_SKIP() << "this PoCL lists its device without a cache";
  EXPECT_NE(list.out.find("no devices (PoCL lists none where it cannot create its kernel cache"), std::string::npos) << list.out;
  const ProgramResult run = run_stereocl({"--hidden", "--mode", "cpu-readback", "--size", "64x48", "--frames", "1"},
                                         no_cache + " RUSTICL_ENABLE=");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.err.find("POCL_CACHE_DIR"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace stereocl
