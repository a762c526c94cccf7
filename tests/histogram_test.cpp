// kernels/histogram.cl against histogram_reference(), exactly, for lengths that are and are not
// multiples of the kernel's 16-byte loads, and for inputs that pile every atomic onto one bin.
#include "cl_test_device.hpp"
#include "compute/effects/histogram_cpu.hpp"
#include "compute/effects/histogram_kernel.hpp"

#include <gtest/gtest.h>

#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace stereocl {
namespace {

std::vector<std::uint8_t> random_bytes(std::size_t count, unsigned seed) {
  std::vector<std::uint8_t> bytes(count);
  std::mt19937 random(seed);
  std::uniform_int_distribution<int> byte(0, 255);
  for (auto& b : bytes) b = static_cast<std::uint8_t>(byte(random));
  return bytes;
}

// Counts the first byte_count bytes of `bytes` on the test device.
Histogram256 device_histogram(const std::vector<std::uint8_t>& bytes, std::size_t byte_count) {
  auto cl = testing::open_cl_test_device();
  HistogramKernel kernel(cl->programs);
  cl::Buffer data(cl->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes.size(),
                  const_cast<std::uint8_t*>(bytes.data()));
  cl::Buffer bins(cl->context, CL_MEM_READ_WRITE, sizeof(Histogram256));
  // Garbage in the bins first: the enqueue must zero them itself.
  cl->queue.enqueueFillBuffer(bins, cl_uint{0xdeadbeef}, 0, sizeof(Histogram256));
  kernel.enqueue(cl->queue, data, byte_count, bins);
  Histogram256 result{};
  cl->queue.enqueueReadBuffer(bins, CL_TRUE, 0, sizeof(result), result.data());
  return result;
}

bool have_device() { return testing::open_cl_test_device().has_value(); }

TEST(HistogramReference, CountsEveryByteOnce) {
  const std::vector<std::uint8_t> bytes{0, 255, 7, 7, 7, 255};
  const Histogram256 bins = histogram_reference(bytes.data(), bytes.size());
  EXPECT_EQ(bins[0], 1u);
  EXPECT_EQ(bins[7], 3u);
  EXPECT_EQ(bins[255], 2u);
  EXPECT_EQ(std::accumulate(bins.begin(), bins.end(), 0u), bytes.size());
}

class HistogramKernelTest : public ::testing::TestWithParam<std::size_t> {};

TEST_P(HistogramKernelTest, RandomBytesMatchReference) {
  if (!have_device()) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  const std::size_t count = GetParam();
  const auto bytes = random_bytes(count, static_cast<unsigned>(count));
  EXPECT_EQ(device_histogram(bytes, count), histogram_reference(bytes.data(), count));
}

INSTANTIATE_TEST_SUITE_P(Lengths, HistogramKernelTest,
                         ::testing::Values(std::size_t{1}, std::size_t{15}, std::size_t{16}, std::size_t{17},
                                           std::size_t{17 * 3}, std::size_t{1000}, std::size_t{1000003},
                                           std::size_t{1921} * 1081, std::size_t{4096} * 2160),
                         [](const auto& test_info) { return std::to_string(test_info.param) + "bytes"; });

TEST(HistogramKernel, AllSameValueLandsInOneBin) {
  if (!have_device()) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  const std::size_t count = 16 * 1024 * 1024 + 5;
  const std::vector<std::uint8_t> bytes(count, 0xab);
  const Histogram256 bins = device_histogram(bytes, count);
  Histogram256 expected{};
  expected[0xab] = static_cast<std::uint32_t>(count);
  EXPECT_EQ(bins, expected);
}

TEST(HistogramKernel, CountsOnlyTheRequestedPrefix) {
  if (!have_device()) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  std::vector<std::uint8_t> bytes(4096, 1);
  std::fill(bytes.begin() + 1001, bytes.end(), 2);
  const Histogram256 bins = device_histogram(bytes, 1001);
  EXPECT_EQ(bins[1], 1001u);
  EXPECT_EQ(bins[2], 0u);
}

// Each launch's last work-group must leave the kernel's scratch zeroed for the next: a stale
// partial bin or chunk counter would show up in the following call's counts.
TEST(HistogramKernel, BackToBackCallsCountOnlyTheirOwnInput) {
  if (!have_device()) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  auto cl = testing::open_cl_test_device();
  HistogramKernel kernel(cl->programs);
  cl::Buffer bins(cl->context, CL_MEM_READ_WRITE, sizeof(Histogram256));
  for (const std::size_t count : {std::size_t{1921} * 1081, std::size_t{1}, std::size_t{17 * 3}, std::size_t{4096} * 2160,
                                  std::size_t{15}, std::size_t{1000003}}) {
    const auto bytes = random_bytes(count, static_cast<unsigned>(count) + 11);
    cl::Buffer data(cl->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes.size(),
                    const_cast<std::uint8_t*>(bytes.data()));
    Histogram256 counts{};
    kernel.enqueue_counts(cl->queue, data, count, bins, counts).wait();
    EXPECT_EQ(counts, histogram_reference(bytes.data(), count)) << count << " bytes";
  }
}

// The chunk size only changes how the work is split: every forced size counts the same.
TEST(HistogramKernel, EveryChunkSizeCountsTheSame) {
  if (!have_device()) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  auto cl = testing::open_cl_test_device();
  HistogramKernel kernel(cl->programs);
  const std::size_t count = std::size_t{1921} * 1081;
  const auto bytes = random_bytes(count, 5u);
  cl::Buffer data(cl->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes.size(),
                  const_cast<std::uint8_t*>(bytes.data()));
  cl::Buffer bins(cl->context, CL_MEM_READ_WRITE, sizeof(Histogram256));
  for (const std::size_t loads : {1, 3, 16, 64}) {
    kernel.force_chunk_loads(loads);
    Histogram256 counts{};
    kernel.enqueue_counts(cl->queue, data, count, bins, counts).wait();
    EXPECT_EQ(counts, histogram_reference(bytes.data(), count)) << loads << " loads per chunk";
  }
}

}  // namespace
}  // namespace stereocl
