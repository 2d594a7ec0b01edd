#version 100
// shaderdb: depth
precision mediump float;
uniform vec3 u_spot_pos;
uniform vec3 u_spot_dir;
uniform vec2 u_spot_cos;    // x: inner cone cosine, y: outer
uniform vec3 u_spot_color;
uniform vec3 u_material;
uniform vec3 u_eye;
varying vec3 v_world;
varying vec3 v_normal;

void main()
{
    vec3 n = normalize(v_normal);
    vec3 to_light = u_spot_pos - v_world;
    float dist2 = dot(to_light, to_light);
    vec3 l = to_light * inversesqrt(dist2);
    float cone = smoothstep(u_spot_cos.y, u_spot_cos.x, dot(-l, normalize(u_spot_dir)));
    float atten = cone / (1.0 + 0.02 * dist2);
    vec3 v = normalize(u_eye - v_world);
    float diff = max(dot(n, l), 0.0);
    float spec = pow(max(dot(n, normalize(l + v)), 0.0), 32.0);
    vec3 col = u_material * 0.03 + (u_material * diff + vec3(spec)) * u_spot_color * atten;
    gl_FragColor = vec4(col, 1.0);
}
