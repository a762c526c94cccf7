#include "record/gif_lzw.hpp"

#include <utility>

namespace stereocl {
namespace {

constexpr int kCodeSize = 8;  // 256 palette entries
constexpr int kClear = 1 << kCodeSize;
constexpr int kEnd = kClear + 1;
constexpr int kLastCode = 4095;  // codes are at most 12 bits

class CodeWriter {
 public:
  void put(int code) {
    bits_ |= static_cast<std::uint32_t>(code) << filled_;
    filled_ += width_;
    while (filled_ >= 8) {
      bytes_.push_back(static_cast<std::uint8_t>(bits_ & 0xffu));
      bits_ >>= 8;
      filled_ -= 8;
    }
  }
  // After a string's code: one more table entry is spoken for, and the decoder widens its codes
  // where this does (giflib's decoder counts every code it reads, the one before a clear too).
  void count_entry() {
    ++last_;
    if (last_ >= (1 << width_) && width_ < 12) ++width_;
  }
  bool table_full() const { return last_ == kLastCode; }
  void clear() {
    put(kClear);
    width_ = kCodeSize + 1;
    last_ = kEnd;
  }
  int next_entry() const { return last_ + 1; }
  std::vector<std::uint8_t> finish(int code) {
    put(code);
    count_entry();
    put(kEnd);
    if (filled_ > 0) bytes_.push_back(static_cast<std::uint8_t>(bits_ & 0xffu));
    return std::move(bytes_);
  }

 private:
  std::vector<std::uint8_t> bytes_;
  std::uint32_t bits_ = 0;
  int filled_ = 0;
  int width_ = kCodeSize + 1;
  int last_ = kEnd;
};

// The strings seen since the last clear: (prefix code, next index) -> its code, 0 where none.
// Cleared by forgetting the entries made, not by wiping all 2 MB, since every row clears it.
class StringTable {
 public:
  StringTable() : codes_(static_cast<std::size_t>(kLastCode + 1) * 256) {}
  std::uint16_t find(int prefix, std::uint8_t index) const { return codes_[slot(prefix, index)]; }
  void add(int prefix, std::uint8_t index, int code) {
    codes_[slot(prefix, index)] = static_cast<std::uint16_t>(code);
    made_.push_back(slot(prefix, index));
  }
  void clear() {
    for (const std::size_t at : made_) codes_[at] = 0;
    made_.clear();
  }

 private:
  static std::size_t slot(int prefix, std::uint8_t index) { return static_cast<std::size_t>(prefix) * 256 + index; }
  std::vector<std::uint16_t> codes_;
  std::vector<std::size_t> made_;
};

}  // namespace

std::vector<std::uint8_t> gif_lzw(const std::uint8_t* indices, std::size_t stride, int width, int height) {
  CodeWriter out;
  StringTable table;
  out.clear();
  int string = indices[0];
  for (int y = 0; y < height; ++y) {
    const std::uint8_t* row = indices + static_cast<std::size_t>(y) * stride;
    for (int x = y == 0 ? 1 : 0; x < width; ++x) {
      if (x == 0) {  // a new row: its own table
        out.put(string);
        out.count_entry();
        out.clear();
        table.clear();
        string = row[0];
        continue;
      }
      if (const std::uint16_t longer = table.find(string, row[x]); longer != 0) {
        string = longer;
        continue;
      }
      out.put(string);
      table.add(string, row[x], out.next_entry());
      out.count_entry();
      if (out.table_full()) {
        out.clear();
        table.clear();
      }
      string = row[x];
    }
  }
  return out.finish(string);
}

}  // namespace stereocl
