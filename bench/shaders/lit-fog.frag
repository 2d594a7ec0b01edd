#version 100
// shaderdb: depth
precision mediump float;
uniform sampler2D u_texture;
uniform vec3 u_fog_color;
uniform float u_fog_density;
uniform vec2 u_fog_range;
varying vec2 v_uv;
varying float v_light;
varying float v_fog_depth;

void main()
{
    vec4 t = texture2D(u_texture, v_uv);
    if (t.a < 0.5)
        discard;
    float linear = clamp((u_fog_range.y - v_fog_depth) / (u_fog_range.y - u_fog_range.x), 0.0, 1.0);
    float expo = exp(-u_fog_density * v_fog_depth * u_fog_density * v_fog_depth);
    float fog = min(linear, expo);
    gl_FragColor = vec4(mix(u_fog_color, t.rgb * v_light, fog), 1.0);
}
