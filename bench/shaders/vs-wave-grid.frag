#version 100
// shaderdb: depth
precision mediump float;
uniform vec3 u_light_dir;
uniform vec3 u_deep;
uniform vec3 u_shallow;
varying vec3 v_normal;
varying float v_height;

void main()
{
    vec3 n = normalize(v_normal);
    float diff = max(dot(n, -u_light_dir), 0.0);
    vec3 base = mix(u_deep, u_shallow, clamp(v_height * 2.0 + 0.5, 0.0, 1.0));
    float spec = pow(max(reflect(u_light_dir, n).y, 0.0), 40.0);
    gl_FragColor = vec4(base * (0.3 + 0.7 * diff) + spec, 1.0);
}
