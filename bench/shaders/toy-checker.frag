#version 100
precision mediump float;
uniform vec2 iResolution;
uniform float iTime;

void main()
{
    vec2 uv = (gl_FragCoord.xy - 0.5 * iResolution) / iResolution.y;
    float ca = cos(iTime * 0.2), sa = sin(iTime * 0.2);
    uv = mat2(ca, sa, -sa, ca) * uv;
    vec2 persp = vec2(uv.x / (uv.y + 1.2), 1.0 / (uv.y + 1.2)) * 4.0;
    vec2 cell = fract(persp + vec2(0.0, iTime));
    float w = 0.02;
    vec2 s = smoothstep(0.5 - w, 0.5 + w, cell);
    float checker = abs(s.x - s.y);
    float fog = clamp(uv.y + 0.6, 0.0, 1.0);
    gl_FragColor = vec4(mix(vec3(checker), vec3(0.5, 0.6, 0.7), fog), 1.0);
}
