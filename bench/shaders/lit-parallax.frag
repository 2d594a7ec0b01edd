#version 100
// shaderdb: depth
precision mediump float;
uniform sampler2D u_albedo;
uniform sampler2D u_normal_height;   // rgb: normal, a: height
uniform float u_scale;

varying vec2 v_uv;
varying vec3 v_light_ts;
varying vec3 v_view_ts;

void main()
{
    vec3 v = normalize(v_view_ts);
    // Steep parallax: 8 layers.
    float layer = 1.0 / 8.0;
    vec2 delta = v.xy / v.z * u_scale * layer;
    vec2 uv = v_uv;
    float depth = 0.0;
    float height = 1.0 - texture2D(u_normal_height, uv).a;
    for (int i = 0; i < 8; i++) {
        if (depth >= height)
            break;
        uv -= delta;
        depth += layer;
        height = 1.0 - texture2D(u_normal_height, uv).a;
    }
    vec3 n = normalize(texture2D(u_normal_height, uv).rgb * 2.0 - 1.0);
    vec3 l = normalize(v_light_ts);
    float diff = max(dot(n, l), 0.0);
    gl_FragColor = vec4(texture2D(u_albedo, uv).rgb * (0.1 + diff), 1.0);
}
