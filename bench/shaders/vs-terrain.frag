#version 100
// shaderdb: depth
precision mediump float;
uniform sampler2D u_grass;
uniform sampler2D u_rock;
uniform sampler2D u_snow;
uniform vec3 u_fog_color;
varying vec2 v_uv;
varying float v_height;
varying float v_fog;

void main()
{
    vec3 grass = texture2D(u_grass, v_uv * 8.0).rgb;
    vec3 rock = texture2D(u_rock, v_uv * 4.0).rgb;
    vec3 snow = texture2D(u_snow, v_uv * 6.0).rgb;
    vec3 col = mix(grass, rock, smoothstep(0.0, 0.35, v_height));
    col = mix(col, snow, smoothstep(0.55, 0.75, v_height));
    gl_FragColor = vec4(mix(col, u_fog_color, v_fog * v_fog), 1.0);
}
