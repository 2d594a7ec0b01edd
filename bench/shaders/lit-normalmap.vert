#version 100
attribute vec3 position;
attribute vec3 normal;
attribute vec4 tangent;   // w: handedness
attribute vec2 texcoord;
uniform mat4 u_mvp;
uniform mat4 u_model;
uniform vec3 u_light_pos;
uniform vec3 u_eye;
varying vec2 v_uv;
varying vec3 v_light_ts;
varying vec3 v_view_ts;

void main()
{
    vec3 world = (u_model * vec4(position, 1.0)).xyz;
    vec3 n = normalize(mat3(u_model[0].xyz, u_model[1].xyz, u_model[2].xyz) * normal);
    vec3 t = normalize(mat3(u_model[0].xyz, u_model[1].xyz, u_model[2].xyz) * tangent.xyz);
    vec3 b = cross(n, t) * tangent.w;
    vec3 l = u_light_pos - world;
    vec3 v = u_eye - world;
    v_light_ts = vec3(dot(l, t), dot(l, b), dot(l, n));
    v_view_ts = vec3(dot(v, t), dot(v, b), dot(v, n));
    v_uv = texcoord;
    gl_Position = u_mvp * vec4(position, 1.0);
}
