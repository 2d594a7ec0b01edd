#version 100
attribute vec3 position;
attribute vec3 normal;
attribute vec2 texcoord;
uniform mat4 u_mvp;
uniform mat4 u_model;
varying vec3 v_world;
varying vec3 v_normal;
varying vec2 v_uv;

void main()
{
    v_world = (u_model * vec4(position, 1.0)).xyz;
    v_normal = mat3(u_model[0].xyz, u_model[1].xyz, u_model[2].xyz) * normal;
    v_uv = texcoord;
    gl_Position = u_mvp * vec4(position, 1.0);
}
