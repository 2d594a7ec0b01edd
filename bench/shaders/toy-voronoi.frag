#version 100
precision mediump float;
uniform vec2 iResolution;
uniform float iTime;

vec2 hash2(vec2 p)
{
    p = vec2(dot(p, vec2(127.1, 311.7)), dot(p, vec2(269.5, 183.3)));
    return fract(sin(p) * 43758.5453);
}

void main()
{
    vec2 uv = gl_FragCoord.xy / iResolution.y * 6.0;
    vec2 n = floor(uv);
    vec2 f = fract(uv);
    float best = 8.0;
    vec2 best_id = vec2(0.0);
    for (int j = -1; j <= 1; j++) {
        for (int i = -1; i <= 1; i++) {
            vec2 g = vec2(float(i), float(j));
            vec2 o = hash2(n + g);
            o = 0.5 + 0.5 * sin(iTime + 6.2831 * o);
            vec2 r = g + o - f;
            float d = dot(r, r);
            if (d < best) {
                best = d;
                best_id = n + g;
            }
        }
    }
    vec3 col = 0.5 + 0.5 * cos(hash2(best_id).x * 6.2831 + vec3(0.0, 1.0, 2.0));
    col *= 1.0 - 0.6 * sqrt(best);
    gl_FragColor = vec4(col, 1.0);
}
