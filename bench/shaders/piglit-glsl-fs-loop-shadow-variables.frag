#version 100
precision mediump float;
uniform int x;

void main()
{


   gl_FragColor = vec4(1.0, 0.0, 0.0, 0.0);

   for(int var_0 = 0; var_0 < 10; var_0 += 1) {
      if (var_0 == x) {
         const float var_0 = 0.25;
         gl_FragColor = vec4(0.0, var_0, 0.0, 0.0);
         continue;
      }

      {
         const float var_0 = 0.5;
         gl_FragColor = vec4(0.0, var_0, 0.0, 0.0);
         continue;
      }
   }

   if (x == 9 || x == 0) {
      return;
   }

   for(int var_0 = 0; var_0 < 10; var_0 += 1) {
      {
         const float var_0 = 0.75;
         if (x > 0)
            if (x == 2) {
               gl_FragColor = vec4(0.0, var_0, 0.0, 0.0);
               continue;
            } else
               if (x == 1) {
                  gl_FragColor = vec4(0.0, var_0, 0.0, 0.0);
                  continue;
               }
      }
   }

   if (x == 1 || x == 2) {
      return;
   }

   int var_0 = 0;
   for(; var_0 < 10; var_0++) {
      const float var_0 = 1.0;
      gl_FragColor = vec4(0.0, var_0, 0.0, 0.0);
   }
}

