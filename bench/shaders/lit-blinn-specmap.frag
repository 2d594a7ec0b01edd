#version 100
// shaderdb: depth
precision mediump float;
uniform sampler2D u_diffuse_map;
uniform sampler2D u_specular_map;
uniform vec3 u_light_dir;
uniform vec3 u_light_color;
uniform vec3 u_ambient;
varying vec3 v_eye_pos;
varying vec3 v_normal;
varying vec2 v_uv;

void main()
{
    vec4 diffuse = texture2D(u_diffuse_map, v_uv);
    vec4 specular = texture2D(u_specular_map, v_uv);
    vec3 n = normalize(v_normal);
    vec3 l = normalize(-u_light_dir);
    vec3 h = normalize(l - normalize(v_eye_pos));
    float ndotl = max(dot(n, l), 0.0);
    float ndoth = max(dot(n, h), 0.0);
    float gloss = exp2(specular.a * 10.0 + 1.0);
    vec3 col = diffuse.rgb * (u_ambient + u_light_color * ndotl) +
               specular.rgb * u_light_color * pow(ndoth, gloss) * ndotl;
    gl_FragColor = vec4(col, diffuse.a);
}
