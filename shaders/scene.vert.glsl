#version 330 core
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;

uniform mat4 model;
uniform mat4 view;
uniform mat4 projection;

out vec3 world_position;
out vec3 world_normal;
out float view_depth;  // distance along the view axis: what the stereogram encodes

void main() {
  vec4 world = model * vec4(position, 1.0);
  world_position = world.xyz;
  world_normal = mat3(model) * normal;
  vec4 eye = view * world;
  view_depth = -eye.z;
  gl_Position = projection * eye;
}
