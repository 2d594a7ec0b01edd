#version 100
precision highp float;
uniform vec2 iResolution;
uniform float iTime;

void main()
{
    vec2 z = (2.0 * gl_FragCoord.xy - iResolution) / iResolution.y * 1.3;
    vec2 c = 0.7885 * vec2(cos(iTime * 0.25), sin(iTime * 0.25));
    float smoothn = 0.0;
    for (int i = 0; i < 32; i++) {
        z = vec2(z.x * z.x - z.y * z.y, 2.0 * z.x * z.y) + c;
        smoothn += exp(-length(z));
    }
    float t = smoothn / 32.0;
    gl_FragColor = vec4(t, t * t, sqrt(t), 1.0);
}
