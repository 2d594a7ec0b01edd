#version 100
// shaderdb: depth
precision mediump float;
uniform sampler2D u_albedo;
uniform sampler2D u_metal_rough;
uniform vec3 u_eye;
uniform vec3 u_light_dir;
uniform vec3 u_light_color;

const float PI = 3.14159265;

varying vec3 v_world;
varying vec3 v_normal;
varying vec2 v_uv;

void main()
{
    vec3 albedo = texture2D(u_albedo, v_uv).rgb;
    vec2 mr = texture2D(u_metal_rough, v_uv).bg;
    float metal = mr.x;
    float a = mr.y * mr.y;
    vec3 n = normalize(v_normal);
    vec3 v = normalize(u_eye - v_world);
    vec3 l = normalize(-u_light_dir);
    vec3 h = normalize(l + v);
    float ndl = max(dot(n, l), 0.0);
    float ndv = max(dot(n, v), 0.0001);
    float ndh = max(dot(n, h), 0.0);
    float vdh = max(dot(v, h), 0.0);
    float a2 = a * a;
    float dd = ndh * ndh * (a2 - 1.0) + 1.0;
    float D = a2 / (PI * dd * dd);
    float k = (mr.y + 1.0) * (mr.y + 1.0) / 8.0;
    float G = ndl / (ndl * (1.0 - k) + k) * ndv / (ndv * (1.0 - k) + k);
    vec3 f0 = mix(vec3(0.04), albedo, metal);
    vec3 F = f0 + (1.0 - f0) * pow(1.0 - vdh, 5.0);
    vec3 spec = D * G * F / (4.0 * ndl * ndv + 0.001);
    vec3 kd = (1.0 - F) * (1.0 - metal);
    vec3 col = (kd * albedo / PI + spec) * u_light_color * ndl + albedo * 0.03;
    gl_FragColor = vec4(col / (col + 1.0), 1.0);
}
