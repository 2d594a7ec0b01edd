#version 100
precision highp float;
uniform vec2 iResolution;
uniform float iTime;

float sdf(vec3 p)
{
    float sphere = length(p - vec3(0.0, 0.0, 3.0)) - 1.0;
    float plane = p.y + 1.0;
    return min(sphere, plane);
}

vec3 calc_normal(vec3 p)
{
    vec2 e = vec2(0.001, 0.0);
    return normalize(vec3(sdf(p + e.xyy) - sdf(p - e.xyy),
                          sdf(p + e.yxy) - sdf(p - e.yxy),
                          sdf(p + e.yyx) - sdf(p - e.yyx)));
}

void main()
{
    vec2 uv = (2.0 * gl_FragCoord.xy - iResolution) / iResolution.y;
    vec3 ro = vec3(0.0, 0.0, 0.0);
    vec3 rd = normalize(vec3(uv, 1.5));
    float t = 0.0;
    for (int i = 0; i < 40; i++) {
        float d = sdf(ro + rd * t);
        if (d < 0.001 || t > 20.0)
            break;
        t += d;
    }
    vec3 col = vec3(0.6, 0.7, 0.9) - rd.y * 0.3;
    if (t < 20.0) {
        vec3 p = ro + rd * t;
        vec3 n = calc_normal(p);
        vec3 l = normalize(vec3(sin(iTime), 1.0, cos(iTime) - 1.0));
        col = vec3(0.9, 0.6, 0.3) * max(dot(n, l), 0.0) + 0.05;
    }
    gl_FragColor = vec4(pow(col, vec3(0.4545)), 1.0);
}
