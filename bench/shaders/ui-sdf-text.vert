#version 100
attribute vec2 position;
attribute vec2 texcoord;
uniform mat4 u_projection;
varying vec2 v_uv;

void main()
{
    v_uv = texcoord;
    gl_Position = u_projection * vec4(position, 0.0, 1.0);
}
