#version 100
attribute vec3 position;
attribute vec3 normal;
attribute vec2 texcoord;
uniform mat4 u_mvp;
uniform mat4 u_modelview;
uniform vec3 u_light_dir;
varying vec2 v_uv;
varying float v_light;
varying float v_fog_depth;

void main()
{
    vec4 eye = u_modelview * vec4(position, 1.0);
    vec3 n = normalize(mat3(u_modelview[0].xyz, u_modelview[1].xyz, u_modelview[2].xyz) * normal);
    v_light = 0.25 + 0.75 * max(dot(n, -u_light_dir), 0.0);
    v_fog_depth = -eye.z;
    v_uv = texcoord;
    gl_Position = u_mvp * vec4(position, 1.0);
}
