#version 100
// Camera-facing particle quads: centre, corner and per-particle life.
attribute vec3 center;
attribute vec2 corner;
attribute vec2 life;       // x: age, y: lifetime
attribute vec4 color;
uniform mat4 u_view;
uniform mat4 u_projection;
uniform float u_size;
uniform vec3 u_gravity;
varying vec2 v_uv;
varying vec4 v_color;

void main()
{
    float t = life.x / life.y;
    vec3 pos = center + u_gravity * life.x * life.x * 0.5;
    vec4 eye = u_view * vec4(pos, 1.0);
    float size = u_size * mix(0.5, 1.5, t);
    eye.xy += corner * size;
    v_uv = corner * 0.5 + 0.5;
    v_color = vec4(color.rgb, color.a * (1.0 - t) * smoothstep(0.0, 0.1, t));
    gl_Position = u_projection * eye;
}
