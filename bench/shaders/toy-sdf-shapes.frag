#version 100
precision mediump float;
uniform vec2 iResolution;
uniform float iTime;

float sd_box(vec2 p, vec2 b)
{
    vec2 d = abs(p) - b;
    return length(max(d, 0.0)) + min(max(d.x, d.y), 0.0);
}

void main()
{
    vec2 p = (2.0 * gl_FragCoord.xy - iResolution) / iResolution.y;
    float circle = length(p - vec2(-0.5, 0.0)) - 0.3 - 0.05 * sin(iTime * 3.0);
    float box = sd_box(p - vec2(0.5, 0.0), vec2(0.25, 0.2));
    float k = 0.2;
    float h = clamp(0.5 + 0.5 * (box - circle) / k, 0.0, 1.0);
    float d = mix(box, circle, h) - k * h * (1.0 - h);
    vec3 col = d > 0.0 ? vec3(0.9, 0.6, 0.3) : vec3(0.65, 0.85, 1.0);
    col *= 1.0 - exp(-6.0 * abs(d));
    col *= 0.8 + 0.2 * cos(150.0 * d);
    col = mix(col, vec3(1.0), 1.0 - smoothstep(0.0, 0.01, abs(d)));
    gl_FragColor = vec4(col, 1.0);
}
