#version 100
precision mediump float;
uniform vec2 iResolution;
uniform float iTime;

float hash(vec2 p)
{
    return fract(sin(dot(p, vec2(127.1, 311.7))) * 43758.5453);
}

void main()
{
    vec2 uv = (gl_FragCoord.xy - 0.5 * iResolution) / iResolution.y;
    vec3 col = vec3(0.0);
    for (int layer = 0; layer < 4; layer++) {
        float depth = fract(float(layer) * 0.25 + iTime * 0.1);
        float scale = mix(20.0, 0.5, depth);
        vec2 g = uv * scale + float(layer) * 13.7;
        vec2 id = floor(g);
        vec2 f = fract(g) - 0.5;
        float h = hash(id);
        vec2 offs = vec2(h, fract(h * 34.0)) - 0.5;
        float d = length(f - offs * 0.8);
        float star = smoothstep(0.05, 0.0, d) * smoothstep(1.0, 0.8, depth) * depth;
        col += star * mix(vec3(1.0, 0.8, 0.6), vec3(0.6, 0.8, 1.0), h);
    }
    gl_FragColor = vec4(col, 1.0);
}
