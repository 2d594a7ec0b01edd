#version 100
attribute vec2 position;
uniform mat4 u_projection;
uniform vec4 u_rect;   // xy: origin, zw: size (pixels)
varying vec2 v_local;

void main()
{
    vec2 p = u_rect.xy + position * u_rect.zw;
    v_local = (position - 0.5) * u_rect.zw;
    gl_Position = u_projection * vec4(p, 0.0, 1.0);
}
