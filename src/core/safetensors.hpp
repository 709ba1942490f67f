// A RoPE cos/sin cache saved as .safetensors (safetensors.torch.save_file({"cos": cos, "sin": sin})): the
// 8-byte header length, the JSON header read with the project's own parser, every tensor's dtype, shape
// and data offsets checked against the file before a byte of data is read (lengths past the file,
// offsets out of range or overlapping, a size that does not fit its shape, a shape claiming more values
// than the caps allow). Tensors are picked by name (cos / sin, as cache_role_from_name reads names), or
// one tensor of shape (2, len, dim); axes of size 1 are dropped ((1, len, dim) is a table). float64,
// float32, float16 and bfloat16 are widened to double; other dtypes are named and refused.
#pragma once

#include <cstddef>
#include <cstdint>

#include "table_file.hpp"

namespace posenc::core {

constexpr std::size_t kMaxSafetensorsHeader = 16 * 1024 * 1024;  // a checkpoint's index of tensors

// Whether the bytes start like a .safetensors file: a little-endian header length that fits the file,
// then '{'.
bool looks_like_safetensors(const std::uint8_t* bytes, std::size_t size);

// cos in `first`, sin in `second` (`pair` true), or an error naming what is wrong.
TablePair parse_safetensors(const std::uint8_t* bytes, std::size_t size,
                            const TableLimits& limits = kTableLimits);

}  // namespace posenc::core
