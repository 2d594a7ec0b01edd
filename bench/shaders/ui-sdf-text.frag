#version 100
// shaderdb: blend
precision mediump float;
uniform sampler2D u_font;
uniform vec4 u_color;
uniform vec4 u_outline_color;
uniform float u_smoothing;

varying vec2 v_uv;

void main()
{
    float dist = texture2D(u_font, v_uv).a;
    float outline = smoothstep(0.3 - u_smoothing, 0.3 + u_smoothing, dist);
    float fill = smoothstep(0.5 - u_smoothing, 0.5 + u_smoothing, dist);
    vec4 col = mix(u_outline_color, u_color, fill);
    gl_FragColor = vec4(col.rgb, col.a * outline);
}
