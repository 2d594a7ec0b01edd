#version 100
attribute vec3 position;
attribute vec3 normal;
uniform mat4 u_mvp;
uniform mat4 u_model;
uniform vec3 u_eye;
varying vec3 v_reflect;
varying vec3 v_refract;
varying float v_fresnel;

void main()
{
    vec3 world = (u_model * vec4(position, 1.0)).xyz;
    vec3 n = normalize(mat3(u_model[0].xyz, u_model[1].xyz, u_model[2].xyz) * normal);
    vec3 i = normalize(world - u_eye);
    v_reflect = reflect(i, n);
    v_refract = refract(i, n, 0.66);
    v_fresnel = 0.1 + 0.9 * pow(1.0 + dot(i, n), 5.0);
    gl_Position = u_mvp * vec4(position, 1.0);
}
