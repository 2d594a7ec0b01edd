#version 100
precision mediump float;
uniform float iTime;
uniform sampler2D iNoise;
varying vec2 uv;

void main()
{
    vec2 p = uv;
    float n1 = texture2D(iNoise, p * vec2(2.0, 1.0) - vec2(0.0, iTime * 0.8)).r;
    float n2 = texture2D(iNoise, p * vec2(4.0, 2.0) - vec2(0.0, iTime * 1.6)).r;
    float n = n1 * 0.66 + n2 * 0.34;
    float shape = 1.0 - abs(p.x - 0.5) * 2.0;
    float flame = clamp(shape * (1.3 - p.y) * 1.6 - n * p.y * 1.5, 0.0, 1.0);
    vec3 col = vec3(1.5, 0.6, 0.1) * flame;
    col = mix(col, vec3(1.0, 1.0, 0.6), smoothstep(0.7, 1.0, flame));
    gl_FragColor = vec4(col, flame);
}
