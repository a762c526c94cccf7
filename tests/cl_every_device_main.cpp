// main() of the kernel tests: every test runs once on each OpenCL device of this machine (PoCL
// and Mesa's rusticl in CI, NVIDIA's on the GPU machine), as `--gtest_repeat` passes, so a kernel
// that only one compiler or one atomics implementation gets right fails here. With
// STEREOCL_CL_DEVICE set (a P:D or part of a name), the tests run on that device alone.
// STEREOCL_SMALL_DEVICE=1 runs them on PoCL shaped like many Intel and AMD GPUs (256 work-items a
// group, 32 KiB of local memory), through PoCL's own limit and the preloaded fault shim.
#include "cl_test_device.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

namespace {

using stereocl::testing::ClTestDeviceName;

// Points open_cl_test_device() at the pass's device before the pass's first test.
class DeviceForEachPass : public ::testing::EmptyTestEventListener {
 public:
  explicit DeviceForEachPass(std::vector<ClTestDeviceName> devices) : devices_(std::move(devices)) {}

  void OnTestIterationStart(const ::testing::UnitTest&, int pass) override {
    const ClTestDeviceName& device = devices_[static_cast<std::size_t>(pass) % devices_.size()];
    setenv("STEREOCL_CL_DEVICE", device.index.c_str(), 1);
    std::printf("[ DEVICE   ] %s: %s\n", device.index.c_str(), device.name.c_str());
    std::fflush(stdout);
  }

 private:
  std::vector<ClTestDeviceName> devices_;
};

// The limits take effect before the first OpenCL call: the shim must be preloaded, so the test
// starts itself again with it (once: the shim in LD_PRELOAD says it is done).
void become_small_device(char** argv) {
  setenv("STEREOCL_CL_DEVICE", "portable", 1);
  setenv("POCL_MAX_WORK_GROUP_SIZE", "256", 1);
  setenv("STEREOCL_LIMIT_LOCAL_MEMORY", "32768", 1);
  const char* preloaded = std::getenv("LD_PRELOAD");
  if (preloaded && std::string(preloaded).find(STEREOCL_CL_FAULT_SHIM) != std::string::npos) return;
  setenv("LD_PRELOAD", STEREOCL_CL_FAULT_SHIM, 1);
  // A sanitizer build wants its runtime first; the shim carries none, so the order is fine.
  const char* asan = std::getenv("ASAN_OPTIONS");
  setenv("ASAN_OPTIONS", (std::string(asan ? asan : "") + ":verify_asan_link_order=0").c_str(), 1);
  execv("/proc/self/exe", argv);
  std::perror("stereocl tests: cannot restart with the fault shim preloaded");
  std::exit(1);
}

// A small device that is not small would pass every test and prove nothing.
void check_small_device() {
  const auto cl = stereocl::open_opencl({}, "portable").environment;
  if (!cl) return;  // no PoCL: the tests skip, saying so
  const auto local = cl->device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
  const auto group = cl->device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
  std::printf("[ DEVICE   ] %s as a small device: %zu work-items a group, %llu KiB of local memory\n",
              cl->device_name.c_str(), group, static_cast<unsigned long long>(local / 1024));
  if (local > 32768 || group > 256) {
    std::fprintf(stderr, "stereocl tests: the small device's limits did not take effect\n");
    std::exit(1);
  }
}

// STEREOCL_REQUIRE_CL_DEVICES=portable,rusticl (scripts/test.sh): each word must name a device
// found, so a CI machine whose second compiler went missing fails instead of quietly testing one.
void check_required_devices(const std::vector<ClTestDeviceName>& devices) {
  const char* required = std::getenv("STEREOCL_REQUIRE_CL_DEVICES");
  if (!required) return;
  const auto lower = [](std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
  };
  std::stringstream words(required);
  for (std::string word; std::getline(words, word, ',');) {
    bool found = false;
    for (const ClTestDeviceName& device : devices) found = found || lower(device.name).find(lower(word)) != std::string::npos;
    if (!found && !word.empty()) {
      std::fprintf(stderr, "stereocl tests: STEREOCL_REQUIRE_CL_DEVICES names %s, and no OpenCL device here is one\n",
                   word.c_str());
      std::exit(1);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (const char* small = std::getenv("STEREOCL_SMALL_DEVICE"); small && std::string(small) == "1") become_small_device(argv);
  ::testing::InitGoogleTest(&argc, argv);
  const bool listing = GTEST_FLAG_GET(list_tests);
  if (!listing && std::getenv("STEREOCL_SMALL_DEVICE")) check_small_device();
  if (!listing && !std::getenv("STEREOCL_CL_DEVICE")) {
    std::vector<ClTestDeviceName> devices = stereocl::testing::every_cl_test_device();
    check_required_devices(devices);
    if (devices.size() > 1 && GTEST_FLAG_GET(repeat) == 1) {
      GTEST_FLAG_SET(repeat, static_cast<int>(devices.size()));
      ::testing::UnitTest::GetInstance()->listeners().Append(new DeviceForEachPass(std::move(devices)));
    }
  }
  return RUN_ALL_TESTS();
}
