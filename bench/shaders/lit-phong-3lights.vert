#version 100
attribute vec3 position;
attribute vec3 normal;
attribute vec2 texcoord;
uniform mat4 u_mvp;
uniform mat4 u_model;
uniform mat3 u_normal_matrix;
varying vec3 v_world;
varying vec3 v_normal;
varying vec2 v_uv;

void main()
{
    vec4 world = u_model * vec4(position, 1.0);
    v_world = world.xyz;
    v_normal = u_normal_matrix * normal;
    v_uv = texcoord;
    gl_Position = u_mvp * vec4(position, 1.0);
}
