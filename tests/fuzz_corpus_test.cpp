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

// Each decoder's corpus through that decoder; the PNG corpus, which holds other formats' bytes
// too, through every decoder, so each meets what is not its format.
TEST(FuzzCorpus, EveryImageInputIsDecodedOrRefusedSoundlyAndQuickly) {
  for (const fuzzing::DecoderTarget& target : fuzzing::kDecoderTargets) {
    SCOPED_TRACE(target.name);
    auto files = corpus(target.name);
    ASSERT_GE(files.size(), std::string_view(target.name) == "png_decode" ? 20u : 4u);
    const auto foreign = corpus("png_decode");
    files.insert(files.end(), foreign.begin(), foreign.end());
    for (const auto& file : files) {
      const auto started = std::chrono::steady_clock::now();
      EXPECT_TRUE(fuzzing::decode_answer_is_sound(target.decode, bytes_of(file))) << file;
      EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10)) << file;
    }
  }
}

TEST(FuzzCorpus, EveryModelFileIsLoadedOrRefusedSoundly) {
  const auto files = corpus("model_load");
  ASSERT_GE(files.size(), 6u);
  std::size_t loaded = 0;
  for (const auto& file : files) {
    EXPECT_TRUE(fuzzing::model_load_answer_is_sound(bytes_of(file))) << file;
    loaded += load_model(fuzzing::write_model_file(bytes_of(file))).ok() ? 1 : 0;
  }
  EXPECT_GE(loaded, 6u) << "the seeds of every format load";
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
