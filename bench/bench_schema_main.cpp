// stereocl-bench-schema TEMPLATE OUTPUT: docs/bench-schema.json with the build's table fields
// (bench/bench_schema.hpp), run by the build; the result is what tests and the package use.
#include "bench/bench_schema.hpp"
#include "core/os/atomic_file.hpp"

#include <cstdio>
#include <fstream>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: stereocl-bench-schema TEMPLATE.json OUTPUT.json\n");
    return 2;
  }
  std::ifstream in(argv[1]);
  const nlohmann::json schema = nlohmann::json::parse(in, nullptr, false);
  if (schema.is_discarded()) {
    std::fprintf(stderr, "stereocl-bench-schema: %s: not JSON\n", argv[1]);
    return 1;
  }
  const stereocl::Status written =
      stereocl::write_atomically(argv[2], stereocl::with_table_fields(schema).dump(2) + "\n");
  if (!written) std::fprintf(stderr, "stereocl-bench-schema: %s\n", written.error().c_str());
  return written ? 0 : 1;
}
