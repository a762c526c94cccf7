// Replays the fuzz corpus (tests/fuzz/corpus/<target>/): the seeds, and every crash or hang the
// fuzzers found, kept as regression inputs by scripts/fuzz.sh. A normal test run thus checks all
// of them without clang or libFuzzer.
#include "fuzz/fuzz_checks.hpp"
#include "run_program.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>

namespace stereocl {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> corpus(const std::string& target) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(fs::path(STEREOCL_FUZZ_CORPUS_DIR) / target))
    if (entry.is_regular_file()) files.push_back(entry.path());
  return files;
}

std::string bytes_of(const fs::path& file) { return testing::read_text(file.string()); }

TEST(FuzzCorpus, EveryImageInputIsDecodedOrRefusedSoundlyAndQuickly) {
  const auto files = corpus("png_decode");
  ASSERT_GE(files.size(), 20u);
  for (const auto& file : files) {
    const auto started = std::chrono::steady_clock::now();
    EXPECT_TRUE(fuzzing::png_decode_answer_is_sound(bytes_of(file))) << file;
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10)) << file;
  }
}

TEST(FuzzCorpus, EveryCommandLineIsParsedOrRefusedWithAMessage) {
  const auto files = corpus("command_line");
  ASSERT_GE(files.size(), 5u);
  for (const auto& file : files) EXPECT_TRUE(fuzzing::command_line_answer_is_sound(bytes_of(file))) << file;
}

TEST(FuzzCorpus, EveryConfigFileIsReadOrRefusedInOneShortLine) {
  const auto files = corpus("config_text");
  ASSERT_GE(files.size(), 5u);
  for (const auto& file : files) EXPECT_TRUE(fuzzing::config_text_answer_is_sound(bytes_of(file))) << file;
}

}  // namespace
}  // namespace stereocl
