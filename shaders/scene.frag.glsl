#version 330 core
in vec3 world_position;
in vec3 world_normal;
in float view_depth;

uniform vec3 light_position;
uniform vec3 camera_position;
uniform vec3 base_colour;
uniform bool checkered;    // the box walls get a checkerboard so their slant reads in Scene mode
uniform vec2 depth_range;  // view depths that map to 0 (front of the box) and 1 (back wall)
uniform bool invert_depth;

layout(location = 0) out vec4 colour;
layout(location = 1) out float linear_depth;

void main() {
  vec3 n = normalize(world_normal);
  vec3 to_light = normalize(light_position - world_position);
  vec3 to_eye = normalize(camera_position - world_position);
  vec3 albedo = base_colour;
  if (checkered) {
    ivec3 cell = ivec3(floor(world_position * 2.5 + 100.0));
    albedo *= ((cell.x + cell.y + cell.z) & 1) == 0 ? 1.0 : 0.72;
  }
  float diffuse = max(dot(n, to_light), 0.0);
  float specular = pow(max(dot(reflect(-to_light, n), to_eye), 0.0), 48.0);
  colour = vec4(albedo * (0.22 + 0.78 * diffuse) + vec3(0.5) * specular, 1.0);
  float depth = clamp((view_depth - depth_range.x) / (depth_range.y - depth_range.x), 0.0, 1.0);
  linear_depth = invert_depth ? 1.0 - depth : depth;
}
