#version 100
// shaderdb: depth
precision mediump float;
uniform vec3 u_light_dir;
varying vec3 v_normal;

void main()
{
    float diff = max(dot(normalize(v_normal), -u_light_dir), 0.0);
    gl_FragColor = vec4(vec3(0.15 + 0.85 * diff), 1.0);
}
