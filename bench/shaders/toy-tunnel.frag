#version 100
precision mediump float;
uniform vec2 iResolution;
uniform float iTime;
uniform sampler2D iChannel0;

void main()
{
    vec2 p = (2.0 * gl_FragCoord.xy - iResolution) / iResolution.y;
    float a = atan(p.y, p.x);
    float r = length(p);
    vec2 uv = vec2(0.3 / r + 0.2 * iTime, a / 3.1415927);
    vec3 col = texture2D(iChannel0, uv).rgb;
    gl_FragColor = vec4(col * r, 1.0);
}
