#version 100
// shaderdb: blend
precision mediump float;
uniform highp vec4 u_rect;
uniform float u_radius;
uniform vec4 u_fill;
uniform vec4 u_border_color;
uniform float u_border;
varying vec2 v_local;

void main()
{
    vec2 half_size = u_rect.zw * 0.5 - u_radius;
    vec2 q = abs(v_local) - half_size;
    float d = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - u_radius;
    float alpha = clamp(0.5 - d, 0.0, 1.0);
    float inner = clamp(0.5 - (d + u_border), 0.0, 1.0);
    vec4 col = mix(u_border_color, u_fill, inner);
    gl_FragColor = vec4(col.rgb, col.a * alpha);
}
