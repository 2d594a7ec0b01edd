#version 100
// shaderdb: depth
precision mediump float;
uniform vec3 u_light_dir;
uniform vec4 u_color;
varying vec3 v_normal;

void main()
{
    float diff = max(dot(normalize(v_normal), -u_light_dir), 0.0);
    gl_FragColor = vec4(u_color.rgb * (0.2 + 0.8 * diff), u_color.a);
}
