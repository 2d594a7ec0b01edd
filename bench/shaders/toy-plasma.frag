#version 100
precision mediump float;
uniform float iTime;
uniform vec2 iResolution;

void main()
{
    vec2 uv = gl_FragCoord.xy / iResolution.xy;
    float v = sin(uv.x * 10.0 + iTime);
    v += sin((uv.y * 10.0 + iTime) * 0.5);
    v += sin((uv.x * 10.0 + uv.y * 10.0 + iTime) * 0.5);
    vec2 c = uv * 10.0 + vec2(sin(iTime / 3.0), cos(iTime / 2.0)) * 5.0;
    v += sin(sqrt(c.x * c.x + c.y * c.y + 1.0) + iTime);
    v *= 0.5;
    vec3 col = vec3(sin(3.14159 * v), sin(3.14159 * v + 2.094), sin(3.14159 * v + 4.188));
    gl_FragColor = vec4(col * 0.5 + 0.5, 1.0);
}
