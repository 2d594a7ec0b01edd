#version 100
// shaderdb: depth
precision mediump float;
uniform sampler2D u_texture;
uniform vec3 u_light_dir;
varying vec3 v_normal;
varying vec2 v_uv;

void main()
{
    float diff = max(dot(normalize(v_normal), -u_light_dir), 0.0);
    gl_FragColor = texture2D(u_texture, v_uv) * (0.3 + 0.7 * diff);
}
