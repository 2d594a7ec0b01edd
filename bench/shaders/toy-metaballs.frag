#version 100
precision mediump float;
uniform vec2 iResolution;
uniform float iTime;

void main()
{
    vec2 uv = (2.0 * gl_FragCoord.xy - iResolution) / iResolution.y;
    float field = 0.0;
    for (int i = 0; i < 5; i++) {
        float fi = float(i);
        vec2 c = 0.6 * vec2(sin(iTime * (0.5 + 0.1 * fi) + fi * 1.7),
                            cos(iTime * (0.4 + 0.13 * fi) + fi * 2.3));
        vec2 d = uv - c;
        field += 0.04 / dot(d, d);
    }
    float edge = smoothstep(0.9, 1.1, field);
    vec3 col = mix(vec3(0.05, 0.05, 0.1), vec3(1.0, 0.5, 0.2), edge);
    col += vec3(0.3, 0.1, 0.0) * clamp(field - 1.0, 0.0, 1.0);
    gl_FragColor = vec4(col, 1.0);
}
