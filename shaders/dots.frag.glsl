#version 330 core
// Two white discs with a dark rim, so they stand out on any pattern; edges antialiased.
uniform vec2 left;     // centres in framebuffer pixels
uniform vec2 right;
uniform float radius;
uniform float rim;     // the dark outline's width, in pixels

out vec4 colour;

void main() {
  float d = min(distance(gl_FragCoord.xy, left), distance(gl_FragCoord.xy, right));
  float disc = 1.0 - smoothstep(radius - 0.5, radius + 0.5, d);
  float outline = smoothstep(radius - rim - 0.5, radius - rim + 0.5, d);
  if (disc <= 0.0) discard;
  colour = vec4(vec3(1.0 - outline * 0.9), disc);
}
