// The algorithm table: rows found by their algorithm and by their name, and every row's CPU
// engine runs the algorithm it names (its output equals that algorithm's own reference) or says
// which parameter it cannot take.
#include "compute/stereogram/algorithm_table.hpp"
#include "compute/stereogram/lookup_cpu.hpp"
#include "compute/stereogram/stereogram_engines.hpp"
#include "compute/stereogram/symmetric_cpu.hpp"
#include "compute/stereogram/symmetric_params.hpp"
#include "depth_scenes.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace stereocl {
namespace {

TEST(AlgorithmTable, RowsAreFoundByTheirAlgorithmAndTheirName) {
  std::set<std::string> names;
  for (const AlgorithmRow& row : algorithm_rows()) {
    EXPECT_EQ(&algorithm_row(row.algorithm), &row) << row.name;
    EXPECT_EQ(algorithm_named(row.name), &row) << row.name;
    EXPECT_TRUE(names.insert(row.name).second) << "two rows named " << row.name;
  }
  EXPECT_EQ(algorithm_named("symmetrical"), nullptr);
  EXPECT_EQ(algorithm_names().size(), algorithm_rows().size());
}

TEST(AlgorithmTable, EachCpuEngineRunsItsOwnAlgorithm) {
  const DepthImage depth = testing::sphere_on_ramp_depth(301, 17);
  CpuStereograms engines;
  for (const AlgorithmRow& row : algorithm_rows()) {
    StereogramParams params{.pattern_width = 85, .max_offset = 30.f, .algorithm = row.algorithm};
    OffsetImage out;
    ASSERT_TRUE(engines[row.algorithm].run(depth, params, 2, out, 0).ok()) << row.name;
    EXPECT_EQ(out.width, depth.width + stereogram_strip_width(params)) << row.name;
    const OffsetImage expected = row.algorithm == StereogramAlgorithm::symmetric
                                     ? symmetric_coordinates_reference(depth, make_symmetric_plan(symmetric_params_of(params)))
                                     : stereogram_offsets_reference(depth, params);
    EXPECT_EQ(out.pixels, expected.pixels) << row.name;
  }
}

TEST(AlgorithmTable, AnEngineRefusesParametersItsRowRefuses) {
  CpuStereograms engines;
  const DepthImage depth = testing::sphere_on_ramp_depth(64, 4);
  // P = 4, M = 2.5: the nearest separation is 1.5 px, fine for the lookup, not for the linking.
  for (const AlgorithmRow& row : algorithm_rows()) {
    StereogramParams params{.pattern_width = 4, .max_offset = 2.5f, .algorithm = row.algorithm};
    const Status valid = validate_for_algorithm(params);
    OffsetImage out;
    const Status run = engines[row.algorithm].run(depth, params, 1, out, 0);
    EXPECT_EQ(run.ok(), valid.ok()) << row.name;
    if (!run.ok()) EXPECT_EQ(run.error(), valid.error()) << row.name;
  }
  EXPECT_FALSE(validate_for_algorithm({.pattern_width = 4, .max_offset = 2.5f, .algorithm = StereogramAlgorithm::symmetric}).ok());
}

}  // namespace
}  // namespace stereocl
