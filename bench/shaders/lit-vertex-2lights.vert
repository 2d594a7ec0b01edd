#version 100
attribute vec3 position;
attribute vec3 normal;
attribute vec2 texcoord;
uniform mat4 u_mvp;
uniform mat4 u_modelview;
uniform mat3 u_normal_matrix;
uniform vec3 u_light0_pos;
uniform vec3 u_light0_color;
uniform vec3 u_light1_dir;
uniform vec3 u_light1_color;
uniform vec3 u_ambient;
uniform float u_shininess;
varying vec3 v_diffuse;
varying vec3 v_specular;
varying vec2 v_uv;

void main()
{
    vec3 eye_pos = (u_modelview * vec4(position, 1.0)).xyz;
    vec3 n = normalize(u_normal_matrix * normal);
    vec3 v = normalize(-eye_pos);
    vec3 l0 = u_light0_pos - eye_pos;
    float d0 = length(l0);
    l0 /= d0;
    float att0 = 1.0 / (1.0 + 0.1 * d0 + 0.01 * d0 * d0);
    vec3 l1 = normalize(-u_light1_dir);
    float n0 = max(dot(n, l0), 0.0);
    float n1 = max(dot(n, l1), 0.0);
    v_diffuse = u_ambient + u_light0_color * n0 * att0 + u_light1_color * n1;
    float s0 = pow(max(dot(n, normalize(l0 + v)), 0.0), u_shininess) * att0;
    float s1 = pow(max(dot(n, normalize(l1 + v)), 0.0), u_shininess);
    v_specular = u_light0_color * s0 + u_light1_color * s1;
    v_uv = texcoord;
    gl_Position = u_mvp * vec4(position, 1.0);
}
