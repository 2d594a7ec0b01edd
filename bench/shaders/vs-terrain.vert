#version 100
attribute vec2 grid;
uniform mat4 u_mvp;
uniform vec2 u_tile_offset;
uniform float u_tile_scale;
uniform float u_height_scale;
uniform vec3 u_eye;
varying vec2 v_uv;
varying float v_height;
varying float v_fog;

void main()
{
    vec2 xz = u_tile_offset + grid * u_tile_scale;
    // Height from a procedural sum of octaves (no vertex texture fetch).
    float h = sin(xz.x * 0.05) * cos(xz.y * 0.05) * 0.6 +
              sin(xz.x * 0.13 + 1.3) * sin(xz.y * 0.11) * 0.3 +
              cos(xz.x * 0.31 - xz.y * 0.27) * 0.1;
    vec3 world = vec3(xz.x, h * u_height_scale, xz.y);
    v_uv = xz * 0.02;
    v_height = h;
    v_fog = clamp(distance(world, u_eye) / 300.0, 0.0, 1.0);
    gl_Position = u_mvp * vec4(world, 1.0);
}
