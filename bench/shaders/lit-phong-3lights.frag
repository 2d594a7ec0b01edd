#version 100
// shaderdb: depth
precision mediump float;
uniform sampler2D u_albedo;
uniform vec3 u_eye;
uniform vec4 u_light_pos[3];     // w: 1 / radius
uniform vec3 u_light_color[3];
uniform float u_shininess;
varying vec3 v_world;
varying vec3 v_normal;
varying vec2 v_uv;

void main()
{
    vec3 albedo = texture2D(u_albedo, v_uv).rgb;
    vec3 n = normalize(v_normal);
    vec3 v = normalize(u_eye - v_world);
    vec3 col = albedo * 0.05;
    for (int i = 0; i < 3; i++) {
        vec3 d = u_light_pos[i].xyz - v_world;
        float dist = length(d);
        vec3 l = d / dist;
        float atten = clamp(1.0 - dist * u_light_pos[i].w, 0.0, 1.0);
        atten *= atten;
        float diff = max(dot(n, l), 0.0);
        float spec = pow(max(dot(reflect(-l, n), v), 0.0), u_shininess);
        col += (albedo * diff + spec) * u_light_color[i] * atten;
    }
    gl_FragColor = vec4(col, 1.0);
}
