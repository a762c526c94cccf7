#include "files/text/text_depth.hpp"

#include "core/printable_text.hpp"

#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H

#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

namespace stereocl {
namespace {

struct FreeTypeLibraryDone {
  void operator()(FT_Library library) const { FT_Done_FreeType(library); }
};
struct FreeTypeFaceDone {
  void operator()(FT_Face face) const { FT_Done_Face(face); }
};
using FreeTypeLibrary = std::unique_ptr<std::remove_pointer_t<FT_Library>, FreeTypeLibraryDone>;
using FreeTypeFace = std::unique_ptr<std::remove_pointer_t<FT_Face>, FreeTypeFaceDone>;

std::string code_point_name(char32_t point);

// Hebrew, Arabic, Syriac, Thaana, N'Ko and the other scripts of those blocks, and their
// presentation forms: without shaping and bidirectional layout (HarfBuzz, FriBidi) they would come
// out mirrored and unjoined, so they are refused in one line rather than drawn wrong.
bool right_to_left(char32_t point) {
  return (point >= 0x0590 && point <= 0x08FF) || (point >= 0xFB1D && point <= 0xFDFF) ||
         (point >= 0xFE70 && point <= 0xFEFF && point != 0xFEFF) || (point >= 0x10800 && point <= 0x10FFF) ||
         (point >= 0x1E800 && point <= 0x1EFFF);
}

// The text in quotes, made printable. Built by appending: GCC 12 warns (-Wrestrict, a false
// alarm) on "\"" + a temporary string where this module inlines it.
std::string quoted(std::string_view text) { return std::string("\"").append(printable(text)).append("\""); }

// The code points of one line of printable UTF-8, or why the text is not one.
Result<std::u32string> code_points(std::string_view text) {
  std::u32string points;
  bool visible = false;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t length = utf8_sequence_length(text.substr(at));
    if (length == 0) return failure(quoted(text) + " is not UTF-8 at byte " + std::to_string(at + 1));
    const auto lead = static_cast<unsigned char>(text[at]);
    char32_t point = length == 1 ? lead : lead & (0x7Fu >> length);
    for (std::size_t i = 1; i < length; ++i) point = (point << 6) | (static_cast<unsigned char>(text[at + i]) & 0x3Fu);
    if (point < 0x20 || (point >= 0x7F && point < 0xA0))
      return failure(quoted(text) + " has a control character; the text is one line of printable characters");
    if (right_to_left(point)) {
      std::string why = "\"";  // appended, not "\"" + ...: GCC 12 warns falsely (-Wrestrict) on that
      why += printable(text);
      why += "\" is in a right-to-left script (";
      why += code_point_name(point);
      why += "), which is drawn here letter by letter, left to right and unjoined; give left-to-right text";
      return failure(why);
    }
    visible = visible || point != U' ';
    points.push_back(point);
    at += length;
  }
  if (!visible) return failure("the text is empty; give at least one visible character");
  if (points.size() > kMaxTextCharacters)
    return failure("the text has " + std::to_string(points.size()) + " characters; at most " +
                   std::to_string(kMaxTextCharacters) + " fit one picture");
  return points;
}

std::string code_point_name(char32_t point) {
  char name[16];
  std::snprintf(name, sizeof name, "U+%04X", static_cast<unsigned>(point));
  return name;
}

struct Extent {
  long left = 0, right = 0, top = 0, bottom = 0;  // pixels from the pen's start on the baseline, y up
};

// Walks the line at the face's current size: each glyph's bitmap and where its top left lands.
template <typename Visit>
Status lay_out(FT_Face face, const std::u32string& points, Visit&& visit) {
  long pen = 0;
  FT_UInt previous = 0;
  for (const char32_t point : points) {
    const FT_UInt glyph = FT_Get_Char_Index(face, point);
    // A missing letter would be drawn as the font's empty box, raised like any other.
    if (glyph == 0)
      return failure("the font has no letter " + code_point_name(point) + "; give one that has with --font");
    if (previous && FT_HAS_KERNING(face)) {
      FT_Vector kerning{};
      FT_Get_Kerning(face, previous, glyph, FT_KERNING_DEFAULT, &kerning);
      pen += kerning.x >> 6;
    }
    // Outlines only: an embedded bitmap strike may be one bit a pixel, which has no slope to give.
    if (FT_Load_Glyph(face, glyph, FT_LOAD_RENDER | FT_LOAD_NO_BITMAP) != 0)
      return failure("the font cannot draw " + code_point_name(point));
    const FT_GlyphSlot slot = face->glyph;
    visit(slot->bitmap, pen + slot->bitmap_left, static_cast<long>(slot->bitmap_top));
    pen += slot->advance.x >> 6;
    previous = glyph;
  }
  return {};
}

Result<Extent> measure(FT_Face face, const std::u32string& points) {
  Extent extent{0, 0, 0, 0};
  bool first = true;
  const Status laid = lay_out(face, points, [&](const FT_Bitmap& bitmap, long left, long top) {
    if (bitmap.width == 0 || bitmap.rows == 0) return;
    const Extent glyph{left, left + static_cast<long>(bitmap.width), top, top - static_cast<long>(bitmap.rows)};
    extent = first ? glyph
                   : Extent{std::min(extent.left, glyph.left), std::max(extent.right, glyph.right),
                            std::max(extent.top, glyph.top), std::min(extent.bottom, glyph.bottom)};
    first = false;
  });
  if (!laid) return failure(laid.error());
  if (first) return failure("the font draws nothing for this text");
  return extent;
}

// A box blur of `radius` along rows, then columns: two passes make the letters' sides slope.
void soften(Image<std::uint16_t>& image, int radius) {
  std::vector<std::uint32_t> line;
  const auto blur_line = [&](std::uint16_t* first, int count, int stride) {
    line.assign(static_cast<std::size_t>(count) + 1, 0);
    for (int i = 0; i < count; ++i)
      line[static_cast<std::size_t>(i) + 1] = line[static_cast<std::size_t>(i)] + first[i * stride];
    for (int i = 0; i < count; ++i) {
      const int lo = std::max(0, i - radius), hi = std::min(count, i + radius + 1);
      first[i * stride] =
          static_cast<std::uint16_t>((line[static_cast<std::size_t>(hi)] - line[static_cast<std::size_t>(lo)]) /
                                     static_cast<std::uint32_t>(2 * radius + 1));
    }
  };
  for (int y = 0; y < image.height; ++y) blur_line(&image.at(0, y), image.width, 1);
  for (int x = 0; x < image.width; ++x) blur_line(&image.at(x, 0), image.height, image.width);
}

Result<FreeTypeFace> open_face(FT_Library library, const std::string& font_file) {
  std::string file = font_file;
  if (file.empty()) {
    Result<std::string> found = default_text_font();
    if (!found) return failure(found.error());
    file = *found;
  }
  FT_Face face = nullptr;
  if (FT_New_Face(library, file.c_str(), 0, &face) != 0)
    return failure(printable(file, 200) + ": not a font FreeType can read (TrueType, OpenType, Type 1)");
  if (!FT_IS_SCALABLE(face)) {
    FT_Done_Face(face);
    return failure(printable(file, 200) + ": a bitmap font; the text needs one that scales (TrueType, OpenType)");
  }
  return FreeTypeFace(face);
}

// The glyph's coverage as depth, where it is nearer than what is drawn there already.
void stamp(Image<std::uint16_t>& depth, const FT_Bitmap& bitmap, long left, long top) {
  if (bitmap.pixel_mode != FT_PIXEL_MODE_GRAY || bitmap.pitch < 0) return;  // colour emoji: no depth to give
  for (unsigned row = 0; row < bitmap.rows; ++row)
    for (unsigned column = 0; column < bitmap.width; ++column) {
      const long x = left + column, y = top + row;
      if (x < 0 || y < 0 || x >= depth.width || y >= depth.height) continue;
      std::uint16_t& out = depth.at(static_cast<int>(x), static_cast<int>(y));
      const auto coverage =
          static_cast<std::uint16_t>(bitmap.buffer[row * static_cast<unsigned>(bitmap.pitch) + column] * 257);
      out = std::max(out, coverage);
    }
}

// The line centred in a width x height map at the face's current size.
Result<Image<std::uint16_t>> draw_line(FT_Face face, const std::u32string& points, int width, int height) {
  Result<Extent> extent = measure(face, points);
  if (!extent) return failure(extent.error());
  const long origin_x = (width - (extent->right - extent->left)) / 2 - extent->left;
  const long baseline = (height - (extent->top - extent->bottom)) / 2 + extent->top;
  Image<std::uint16_t> depth(width, height, 0);
  const Status drawn = lay_out(face, points, [&](const FT_Bitmap& bitmap, long left, long top) {
    stamp(depth, bitmap, origin_x + left, baseline - top);
  });
  if (!drawn) return failure(drawn.error());
  return depth;
}

}  // namespace

Result<std::string> default_text_font() {
  std::unique_ptr<FcConfig, decltype(&FcConfigDestroy)> config(FcInitLoadConfigAndFonts(), FcConfigDestroy);
  std::unique_ptr<FcPattern, decltype(&FcPatternDestroy)> pattern(
      FcNameParse(reinterpret_cast<const FcChar8*>("DejaVu Sans:bold")), FcPatternDestroy);
  if (!config || !pattern) return failure("fontconfig could not start; give a font with --font FILE");
  FcConfigSubstitute(config.get(), pattern.get(), FcMatchPattern);
  FcDefaultSubstitute(pattern.get());
  FcResult result = FcResultNoMatch;
  std::unique_ptr<FcPattern, decltype(&FcPatternDestroy)> match(FcFontMatch(config.get(), pattern.get(), &result),
                                                                FcPatternDestroy);
  FcChar8* file = nullptr;
  if (!match || FcPatternGetString(match.get(), FC_FILE, 0, &file) != FcResultMatch || !file)
    return failure("fontconfig finds no font (Debian package fonts-dejavu-core); give one with --font FILE");
  return std::string(reinterpret_cast<const char*>(file));
}

Result<Image<std::uint16_t>> text_depth_map(std::string_view text, int width, int height,
                                            const std::string& font_file) {
  Result<std::u32string> points = code_points(text);
  if (!points) return failure(points.error());
  FT_Library raw_library = nullptr;
  if (FT_Init_FreeType(&raw_library) != 0) return failure("FreeType could not start");
  const FreeTypeLibrary library(raw_library);
  Result<FreeTypeFace> face = open_face(library.get(), font_file);
  if (!face) return failure(face.error());
  // Measured at a reference size, then drawn at the size that fills 85% of the width or 60% of
  // the height, whichever is reached first: room around the word for the eyes to find the plane.
  constexpr int kReferencePixels = 128;
  FT_Set_Pixel_Sizes(face->get(), 0, kReferencePixels);
  Result<Extent> reference = measure(face->get(), *points);
  if (!reference) return failure(reference.error());
  const double scale = std::min(0.85 * width / static_cast<double>(reference->right - reference->left),
                                0.6 * height / static_cast<double>(reference->top - reference->bottom));
  const auto pixels = static_cast<FT_UInt>(std::clamp(kReferencePixels * scale, 4.0, 4096.0));
  FT_Set_Pixel_Sizes(face->get(), 0, pixels);
  Result<Image<std::uint16_t>> depth = draw_line(face->get(), *points, width, height);
  if (!depth) return depth;
  const int slope = std::max(1, static_cast<int>(pixels) / 24);
  soften(*depth, slope);
  soften(*depth, slope);
  return depth;
}

}  // namespace stereocl
