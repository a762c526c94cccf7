#version 330 core
// The scene for the stereogram modes: linear depth only, no lighting.
in vec3 world_position;
in vec3 world_normal;
in float view_depth;

uniform vec2 depth_range;  // view depths that map to 0 (front of the box) and 1 (back wall)
uniform bool invert_depth;

layout(location = 1) out float linear_depth;

void main() {
  float depth = clamp((view_depth - depth_range.x) / (depth_range.y - depth_range.x), 0.0, 1.0);
  linear_depth = invert_depth ? 1.0 - depth : depth;
}
