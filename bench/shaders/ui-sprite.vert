#version 100
attribute vec2 position;
attribute vec2 texcoord;
attribute vec4 color;
uniform mat4 u_projection;
varying vec2 v_uv;
varying vec4 v_color;

void main()
{
    v_uv = texcoord;
    v_color = color;
    gl_Position = u_projection * vec4(position, 0.0, 1.0);
}
