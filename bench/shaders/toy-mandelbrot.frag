#version 100
precision highp float;
uniform vec2 iResolution;
uniform float iTime;

void main()
{
    vec2 p = (2.0 * gl_FragCoord.xy - iResolution) / iResolution.y;
    float zoom = 0.6 + 0.4 * cos(0.2 * iTime);
    vec2 c = vec2(-0.745, 0.186) + p * zoom;
    vec2 z = vec2(0.0);
    float n = 0.0;
    for (int i = 0; i < 48; i++) {
        z = vec2(z.x * z.x - z.y * z.y, 2.0 * z.x * z.y) + c;
        if (dot(z, z) > 16.0)
            break;
        n += 1.0;
    }
    float t = n / 48.0;
    gl_FragColor = vec4(0.5 + 0.5 * cos(3.0 + t * 12.0 + vec3(0.0, 0.6, 1.0)), 1.0);
}
