#version 100
attribute vec3 position;
attribute vec3 normal;
attribute vec2 texcoord;
uniform mat4 u_mvp;
uniform mat4 u_modelview;
uniform mat3 u_normal_matrix;
varying vec3 v_eye_pos;
varying vec3 v_normal;
varying vec2 v_uv;

void main()
{
    v_eye_pos = (u_modelview * vec4(position, 1.0)).xyz;
    v_normal = u_normal_matrix * normal;
    v_uv = texcoord;
    gl_Position = u_mvp * vec4(position, 1.0);
}
