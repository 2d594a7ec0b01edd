#version 100
precision mediump float;
uniform vec2 iResolution;
uniform float iTime;

float hash(vec2 p)
{
    return fract(sin(dot(p, vec2(12.9898, 78.233))) * 43758.5453);
}

float noise(vec2 p)
{
    vec2 i = floor(p);
    vec2 f = fract(p);
    vec2 u = f * f * (3.0 - 2.0 * f);
    float a = hash(i);
    float b = hash(i + vec2(1.0, 0.0));
    float c = hash(i + vec2(0.0, 1.0));
    float d = hash(i + vec2(1.0, 1.0));
    return mix(mix(a, b, u.x), mix(c, d, u.x), u.y);
}

float fbm(vec2 p)
{
    float v = 0.0;
    float amp = 0.5;
    for (int i = 0; i < 5; i++) {
        v += amp * noise(p);
        p = mat2(1.6, 1.2, -1.2, 1.6) * p;
        amp *= 0.5;
    }
    return v;
}

void main()
{
    vec2 uv = gl_FragCoord.xy / iResolution.y * 3.0;
    float n = fbm(uv + vec2(iTime * 0.1, 0.0));
    n = fbm(uv + n * 2.0);
    vec3 col = mix(vec3(0.1, 0.2, 0.4), vec3(0.9, 0.9, 1.0), n);
    gl_FragColor = vec4(col, 1.0);
}
