#version 100
// shaderdb: depth
precision mediump float;
uniform sampler2D u_albedo;
uniform sampler2D u_normal_map;
uniform vec3 u_light_color;
varying vec2 v_uv;
varying vec3 v_light_ts;
varying vec3 v_view_ts;

void main()
{
    vec3 albedo = texture2D(u_albedo, v_uv).rgb;
    vec3 n = normalize(texture2D(u_normal_map, v_uv).rgb * 2.0 - 1.0);
    vec3 l = normalize(v_light_ts);
    vec3 v = normalize(v_view_ts);
    vec3 h = normalize(l + v);
    float diff = max(dot(n, l), 0.0);
    float spec = pow(max(dot(n, h), 0.0), 48.0);
    float atten = 1.0 / (1.0 + 0.05 * dot(v_light_ts, v_light_ts));
    gl_FragColor = vec4((albedo * (0.08 + diff) + spec * 0.4) * u_light_color * atten, 1.0);
}
